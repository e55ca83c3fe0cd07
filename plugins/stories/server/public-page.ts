/**
 * The public page of a published story, /s/{slug or id}: the copy taken when it was released or
 * last accepted, sanitized again as it is shown, every other text escaped. Each view is a read.
 * A premium story shows its title, subtitle, image, a teaser and the premium notice, never its
 * body. The page is rendered on every request and caches must revalidate it (an ETag answers 304
 * when nothing changed), so marking a story premium or not shows at once: that is the
 * "revalidation" of the premium-story service (plugins/premium).
 */
import { createHash } from 'node:crypto';
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { sanitizeRichText } from '../../../core/server/sanitize';
import { publicDate, renderPublicPage } from '../../../core/server/public-page';
import { keyParams } from '../../../core/server/schemas/parts';
import { escapeHtml, htmlToText } from '../../../core/shared/text';
import { withoutMarker } from '../rules';
import { countRead, findPublishedStory, type StoriesDb } from './store';

export const premiumNotice = 'Bu yazı abonelere özeldir.';
const teaserMax = 200;

/** A premium story's teaser: its first paragraph, or its first words up to about 200 characters. */
export function teaserOf(html: string): string {
  const first = htmlToText(/<p[\s>][\s\S]*?<\/p>/i.exec(html)?.[0] ?? '');
  const text = first && first.length <= teaserMax ? first : htmlToText(html);
  if (text.length <= teaserMax) return text;
  const cut = text.slice(0, teaserMax);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : teaserMax).replace(/[\s.,;:]+$/, '')}…`;
}

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
      const html = renderPublicPage({
        title,
        newsletter: { title: story.newsletter, key: story.newsletterKey, color: story.color, textColor: story.text_color, lang: story.lang },
        content: `${content.image ? `<img class="cover" src="${escapeHtml(content.image)}" alt="">` : ''}
${story.type === 'article' ? `<h1>${escapeHtml(content.title)}</h1>\n<p class="subtitle">${escapeHtml(content.subtitle)}</p>` : ''}
<p class="byline">${content.writer ? `${escapeHtml(content.writer)} · ` : ''}${story.published_at ? escapeHtml(publicDate.format(story.published_at)) : ''}</p>
${story.is_premium ? `<p class="teaser">${escapeHtml(teaserOf(content.html))}</p>\n<p class="premium"><strong>${escapeHtml(premiumNotice)}</strong></p>` : sanitizeRichText(content.html)}`,
        end: api.audience.tracking?.readBeacon({ type: 'story', id: story.id, newsletterId: story.newsletter_id }),
      });
      const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(html);
    },
  });
}
