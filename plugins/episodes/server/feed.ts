/**
 * A newsletter's podcast: RSS 2.0 with the iTunes tags podcast apps read, listing its published
 * episodes. Every address is absolute (PUBLIC_URL-based), every text escaped. Feed readers show
 * an item's description as HTML, so it is sanitized like a public page first.
 */
import { sanitizeRichText } from '../../../core/server/sanitize';
import { absoluteUrl } from '../../../core/server/public-page';
import { escapeHtml, escapeXml } from '../../../core/shared/text';
import type { EpisodeRecord } from './tables';

export interface FeedChannel {
  title: string;
  description: string;
  key: string;
  lang: string;
  image: string;
  author: string;
  category: string;
}

/**
 * An episode's description as the HTML a feed reader shows: rich text (an imported podcast's
 * notes) sanitized, plain text (the console's body field) escaped into paragraphs; our own
 * addresses made absolute, since a reader resolves nothing against our origin.
 */
export function descriptionHtml(text: string, publicUrl: string): string {
  const html = /<[a-z][^>]*>/i.test(text)
    ? sanitizeRichText(text)
    : text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
        .join('');
  return html.replace(/\b(src|href)="(\/[^/"][^"]*)"/g, (_match, attribute: string, path: string) => `${attribute}="${publicUrl}${path}"`);
}

/** itunes:duration as HH:MM:SS. */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** `audioUrlOf` turns an episode's stored audio key into its address. */
export function renderPodcastFeed(channel: FeedChannel, episodes: EpisodeRecord[], publicUrl: string, audioUrlOf: (key: string) => string): string {
  const link = `${publicUrl}/n/${encodeURIComponent(channel.key)}`;
  const self = `${link}/podcast.xml`;
  const channelImage = absoluteUrl(channel.image, publicUrl);
  const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const items = episodes.map((episode) => {
    const image = absoluteUrl(episode.image || channel.image, publicUrl);
    const published = episode.published_at ?? episode.created_at;
    return [
      '    <item>',
      `      <guid isPermaLink="false">${escapeXml(episode.id)}</guid>`,
      `      ${element('title', episode.title)}`,
      `      ${element('description', descriptionHtml(episode.body || episode.subtitle || episode.title, publicUrl))}`,
      episode.subtitle ? `      ${element('itunes:subtitle', episode.subtitle)}` : '',
      `      ${element('pubDate', new Date(published).toUTCString())}`,
      `      <enclosure url="${escapeXml(absoluteUrl(audioUrlOf(episode.audio_key), publicUrl))}" length="${Number(episode.audio_size) || 0}" type="${escapeXml(episode.audio_type)}"/>`,
      `      ${element('itunes:duration', clock(Number(episode.duration)))}`,
      image ? `      <itunes:image href="${escapeXml(image)}"/>` : '',
      `      ${element('itunes:episodeType', 'full')}`,
      '      <itunes:explicit>false</itunes:explicit>',
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    ${element('title', channel.title)}`,
    `    ${element('link', link)}`,
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    `    ${element('description', channel.description || channel.title)}`,
    `    ${element('language', channel.lang)}`,
    channelImage ? `    <itunes:image href="${escapeXml(channelImage)}"/>` : '',
    channelImage ? `    <image><url>${escapeXml(channelImage)}</url>${element('title', channel.title)}${element('link', link)}</image>` : '',
    `    ${element('itunes:author', channel.author)}`,
    `    <itunes:category text="${escapeXml(channel.category)}"/>`,
    '    <itunes:explicit>false</itunes:explicit>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
