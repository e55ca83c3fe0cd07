/**
 * A post's oEmbed from Twitter's endpoint (TWITTER_OEMBED_URL, publish.twitter.com by default),
 * with its html cleaned to a blockquote of paragraphs, links and line breaks: the console shows it,
 * and the embed renders it.
 */
import { constants } from '../../../core/shared/config';
import { htmlToText } from '../../../core/shared/text';
import type { ServerEnv } from '../../../core/server/env';
import { loadSanitizeHtml } from '../../../core/server/on-first-use';
import { fetchLimited, FetchRefused } from '../../../core/server/services/safe-fetch';

export interface TwitterPost {
  link: string;
  title: string;
  authorName: string;
  authorUrl: string;
  text: string;
  html: string;
}

const oembedMaxBytes = 262_144;

/** Twitter's blockquote as the console may show it: blockquote, p, a (http and https) and br, nothing else. */
export function cleanPostHtml(html: string): string {
  const sanitizeHtml = loadSanitizeHtml();
  return sanitizeHtml(html, {
    allowedTags: ['blockquote', 'p', 'a', 'br'],
    allowedAttributes: { blockquote: ['class'], p: ['lang', 'dir'], a: ['href', 'rel', 'target'] },
    allowedClasses: { blockquote: ['twitter-tweet'] },
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
  }).trim();
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The oEmbed of the post at `postUrl` (a canonical twitter.com/{user}/status/{id} address). */
export async function fetchPost(env: ServerEnv, postUrl: string, signal?: AbortSignal): Promise<TwitterPost> {
  const endpoint = new URL(env.twitterOembedUrl);
  endpoint.searchParams.set('url', postUrl);
  endpoint.searchParams.set('omit_script', '1');
  endpoint.searchParams.set('dnt', 'true');
  const { body } = await fetchLimited(endpoint.href, {
    maxBytes: oembedMaxBytes,
    timeoutMs: constants.embeds.fetchTimeoutMs,
    // The endpoint is the operator's setting, not a user's: it may be a proxy on their network.
    allowPrivate: (url) => url.origin === endpoint.origin,
    tooBigMessage: 'Twitter answered more than a post.',
    headers: { accept: 'application/json' },
    signal,
  });
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new FetchRefused('Twitter did not answer with a post.', 'unreachable');
  }
  const html = cleanPostHtml(text(answer.html));
  if (!html) throw new FetchRefused('Twitter did not answer with a post.', 'unreachable');
  const authorName = text(answer.author_name).trim();
  const authorUrl = /^https?:\/\//i.test(text(answer.author_url)) ? text(answer.author_url) : '';
  // The post's words are its first paragraph; the rest of the blockquote names the author and date.
  const firstParagraph = /<p[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1] ?? html;
  return {
    link: /^https?:\/\//i.test(text(answer.url)) ? text(answer.url) : postUrl,
    title: authorName ? `${authorName} on X` : 'A post on X',
    authorName,
    authorUrl,
    text: htmlToText(firstParagraph.replace(/<br\s*\/?>/gi, ' ')),
    html,
  };
}
