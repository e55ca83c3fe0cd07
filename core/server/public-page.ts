/**
 * The frame of a public page (/s/{slug}, /i/{slug}, /c/{slug}): the newsletter's colours in a
 * header linking to its landing page, then the content, 730 px wide. Every text given here is
 * escaped; the content is HTML the caller has sanitized.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../shared/text';
import type { NewsletterRow } from './db/tables';

export interface PublicPageNewsletter {
  title: string;
  key: string;
  color: string;
  textColor: string;
  lang: string;
  /** Where the header links: the newsletter's landing page /n/{key} unless said (a publisher's collection: /p/{key}). */
  href?: string;
}

/** The frame of a newsletter's pages, from its record. */
export function newsletterFrame(newsletter: Pick<NewsletterRow, 'title' | 'key' | 'color' | 'text_color' | 'lang'>): PublicPageNewsletter {
  return { title: newsletter.title, key: newsletter.key, color: newsletter.color, textColor: newsletter.text_color, lang: newsletter.lang };
}

export const publicDate = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'Europe/Istanbul' });

/**
 * `end`: markup after the content (the read beacon's script), made by the server. `noindex`: asks
 * search engines to leave the page out (a collection not opened to them).
 */
export function renderPublicPage(page: { title: string; newsletter: PublicPageNewsletter; content: string; end?: string; noindex?: boolean }): string {
  const { newsletter } = page;
  return `<!doctype html>
<html lang="${escapeHtml(newsletter.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${page.noindex ? '<meta name="robots" content="noindex">\n' : ''}<title>${escapeHtml(page.title)} · ${escapeHtml(newsletter.title)}</title>
<link rel="icon" href="/favicon.svg">
<style>
  body { margin: 0; font-family: 'Segoe UI', -apple-system, Roboto, Arial, sans-serif; background: #fff; color: #201f1e; }
  header { background: ${escapeHtml(newsletter.color)}; color: ${escapeHtml(newsletter.textColor)}; padding: 16px 24px; }
  header a { color: inherit; text-decoration: none; font-weight: 600; }
  article { max-width: 730px; margin: 0 auto; padding: 32px 24px 64px; line-height: 1.7; font-size: 18px; }
  article img { max-width: 100%; height: auto; }
  .cover { width: 100%; aspect-ratio: 3 / 2; object-fit: cover; border-radius: 8px; margin-bottom: 24px; }
  h1 { font-size: 36px; line-height: 1.2; margin: 0 0 12px; }
  h2 { font-size: 24px; margin: 40px 0 12px; }
  .subtitle { font-size: 21px; color: #605e5c; margin: 0 0 16px; }
  .byline { color: #605e5c; font-size: 15px; margin-bottom: 32px; }
  a { color: #7a5e00; }
  .items { list-style: none; padding: 0; }
  .items li { display: flex; gap: 16px; align-items: center; margin-bottom: 16px; }
  .items img { width: 120px; aspect-ratio: 3 / 2; object-fit: cover; border-radius: 6px; flex: none; }
</style>
</head>
<body>
<header><a href="${escapeHtml(newsletter.href ?? `/n/${encodeURIComponent(newsletter.key)}`)}">${escapeHtml(newsletter.title)}</a></header>
<article>
${page.content}
</article>
${page.end ?? ''}
</body>
</html>`;
}

/** The frame of a page that belongs to no newsletter (a link that names none it knows). */
export const mastheadFrame: PublicPageNewsletter = { title: 'Masthead', key: '', color: '#ffce14', textColor: '#201f1e', lang: 'tr' };

/** Sends a page no cache may keep: the answer to a personal link or a form. */
export function sendPrivatePage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * Sends a public page that caches keep but must revalidate on every view: an ETag answers 304
 * while nothing changed, so a change (unpublished, no longer indexed) shows at once.
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, no-cache').header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(html);
}
