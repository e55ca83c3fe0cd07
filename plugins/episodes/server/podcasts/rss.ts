/**
 * Podcasts from RSS feeds (RSS 2.0 with the iTunes tags podcast apps read): works with no account
 * anywhere. A publisher's podcasts are the feed addresses it saved; each is fetched when listed.
 */
import { onFirstUse } from '../../../../core/server/on-first-use';
import { constants } from '../../../../core/shared/config';
import { cutText } from '../../../../core/shared/text';
import { downloadEpisodeAudio, fetchLimited } from './safe-fetch';
import { PodcastError, type FeedRef, type Podcast, type PodcastEpisode, type PodcastProvider } from './types';

export const unreadableFeedMessage = 'This address does not give a podcast RSS feed.';

/** The feeds' XML parser, made with the first feed read. */
const loadParser = onFirstUse(async () => {
  const { XMLParser } = await import('fast-xml-parser');
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    // Titles such as '2024' stay text.
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => name === 'item',
  });
});

type Node = Record<string, unknown>;

/** The text of an element that may carry attributes ({ '#text': ..., '@_isPermaLink': ... }) or be absent. */
function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'object') return text((value as Node)['#text']);
  return String(value).trim();
}

function attribute(value: unknown, name: string): string {
  const node = Array.isArray(value) ? value[0] : value;
  return node && typeof node === 'object' ? text((node as Node)[`@_${name}`]) : '';
}

/** Plain text of a description that may hold HTML, cut to what a table row shows. */
function plain(value: string, max = 300): string {
  const stripped = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return stripped.length > max ? `${cutText(stripped, max - 1).trimEnd()}…` : stripped;
}

/** itunes:duration is seconds, MM:SS or HH:MM:SS. */
export function parseDuration(value: string): number | undefined {
  if (!value) return undefined;
  const parts = value.split(':').map(Number);
  if (parts.some((part) => !Number.isFinite(part))) return undefined;
  return Math.round(parts.reduce((total, part) => total * 60 + part, 0));
}

function isoDate(value: string): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}

export interface ParsedFeed {
  podcast: Podcast;
  episodes: PodcastEpisode[];
}

/** A feed's podcast and its episodes (only items with an audio enclosure), newest first. */
export async function parseFeed(xml: string, feedId: string): Promise<ParsedFeed> {
  const parser = await loadParser();
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch {
    throw new PodcastError(unreadableFeedMessage);
  }
  const channel = (document.rss as Node | undefined)?.channel as Node | undefined;
  if (!channel || typeof channel !== 'object' || !text(channel.title)) throw new PodcastError(unreadableFeedMessage);

  const cover = attribute(channel['itunes:image'], 'href') || text((channel.image as Node | undefined)?.url);
  const items = (channel.item as Node[] | undefined) ?? [];
  const episodes: PodcastEpisode[] = items
    .map((item): PodcastEpisode | null => {
      const audioUrl = attribute(item.enclosure, 'url');
      if (!audioUrl) return null;
      return {
        id: text(item.guid) || audioUrl,
        podcastId: feedId,
        title: text(item.title) || text(channel.title),
        subtitle: plain(text(item['itunes:subtitle']) || text(item['itunes:summary']) || text(item.description)),
        image: attribute(item['itunes:image'], 'href') || cover,
        publishedAt: isoDate(text(item.pubDate)),
        audioUrl,
        duration: parseDuration(text(item['itunes:duration'])),
      };
    })
    .filter((episode): episode is PodcastEpisode => episode !== null)
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  const dates = episodes
    .map((episode) => episode.publishedAt)
    .filter(Boolean)
    .sort();
  return {
    podcast: {
      id: feedId,
      title: text(channel.title),
      subtitle: plain(text(channel['itunes:subtitle']) || text(channel.description)),
      image: cover,
      episodeCount: episodes.length,
      createdAt: dates[0] ?? isoDate(text(channel.pubDate)) ?? '',
      publishedAt: dates.at(-1) ?? (isoDate(text(channel.lastBuildDate)) || undefined),
    },
    episodes,
  };
}

export function createRssProvider(options: { allowPrivate: boolean }): PodcastProvider & { readFeed(url: string, feedId: string): Promise<ParsedFeed> } {
  const readFeed = async (url: string, feedId: string) => {
    const { body } = await fetchLimited(url, {
      maxBytes: constants.limits.feedMaxBytes,
      timeoutMs: constants.limits.feedTimeoutMs,
      allowPrivate: options.allowPrivate,
      tooBigMessage: 'This feed is too large to read.',
      headers: { accept: 'application/rss+xml, application/xml;q=0.9, */*;q=0.5' },
    });
    return parseFeed(body.toString('utf8'), feedId);
  };
  const feedOf = (podcastId: string, feeds: FeedRef[]) => {
    const feed = feeds.find((candidate) => candidate.id === podcastId);
    if (!feed) throw new PodcastError('Podcast not found.', 'not-found');
    return feed;
  };
  return {
    kind: 'rss',
    readFeed,
    async listPodcasts(feeds) {
      // One broken feed does not hide the others: it is listed with what we remember of it.
      return Promise.all(
        feeds.map(async (feed) => {
          try {
            return (await readFeed(feed.url, feed.id)).podcast;
          } catch {
            return { id: feed.id, title: feed.title || feed.url, subtitle: feed.url, image: '', episodeCount: 0, createdAt: feed.createdAt ?? '' };
          }
        }),
      );
    },
    async listEpisodes(podcastId, feeds) {
      const feed = feedOf(podcastId, feeds);
      return (await readFeed(feed.url, feed.id)).episodes;
    },
    downloadAudio: (episode, maxBytes) => downloadEpisodeAudio(episode, maxBytes, options.allowPrivate),
  };
}
