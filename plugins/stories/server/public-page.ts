/**
 * The public page of a published story, /s/{slug or id}: the copy taken when it was released or
 * last accepted, sanitized again as it is shown, every other text escaped. Each view is a read.
 */
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { sanitizeRichText } from '../../../core/server/sanitize';
import { keyParams } from '../../../core/server/schemas/parts';
import { escapeHtml, htmlToText } from '../../../core/shared/text';
import { withoutMarker } from '../rules';
import { countRead, findPublishedStory, type StoriesDb } from './store';

const dateFormat = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'Europe/Istanbul' });

export function registerStoryPage(api: PluginApi, db: StoriesDb): void {
  api.page<{ key: string }>({
    url: '/s/:key',
    schema: { params: keyParams, summary: "A published story's public page." },
    async handler(request, reply) {
      const story = await findPublishedStory(db, request.params.key);
      const content = story?.published_content;
      if (!story || !content) throw notFound('Story not found.');
      await countRead(db, story.id);
      // A bullet has no title: its first words (as plain text, escaped once below).
      const title = content.title || withoutMarker(htmlToText(content.html)).split(/\s+/).slice(0, 8).join(' ');
      const html = `<!doctype html>
<html lang="${escapeHtml(story.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(story.newsletter)}</title>
<link rel="icon" href="/favicon.svg">
<style>
  body { margin: 0; font-family: 'Segoe UI', -apple-system, Roboto, Arial, sans-serif; background: #fff; color: #201f1e; }
  header { background: ${escapeHtml(story.color)}; color: ${escapeHtml(story.text_color)}; padding: 16px 24px; }
  header a { color: inherit; text-decoration: none; font-weight: 600; }
  article { max-width: 730px; margin: 0 auto; padding: 32px 24px 64px; line-height: 1.7; font-size: 18px; }
  article img { max-width: 100%; height: auto; }
  .cover { width: 100%; aspect-ratio: 3 / 2; object-fit: cover; border-radius: 8px; margin-bottom: 24px; }
  h1 { font-size: 36px; line-height: 1.2; margin: 0 0 12px; }
  .subtitle { font-size: 21px; color: #605e5c; margin: 0 0 16px; }
  .byline { color: #605e5c; font-size: 15px; margin-bottom: 32px; }
  a { color: #7a5e00; }
</style>
</head>
<body>
<header><a href="/n/${encodeURIComponent(story.newsletterKey)}">${escapeHtml(story.newsletter)}</a></header>
<article>
${content.image ? `<img class="cover" src="${escapeHtml(content.image)}" alt="">` : ''}
${story.type === 'article' ? `<h1>${escapeHtml(content.title)}</h1>\n<p class="subtitle">${escapeHtml(content.subtitle)}</p>` : ''}
<p class="byline">${content.writer ? `${escapeHtml(content.writer)} · ` : ''}${story.published_at ? escapeHtml(dateFormat.format(story.published_at)) : ''}</p>
${sanitizeRichText(content.html)}
</article>
</body>
</html>`;
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, max-age=60').send(html);
    },
  });
}
