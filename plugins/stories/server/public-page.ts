/**
 * The public page of a published story, /s/{slug or id}: the copy taken when it was released or
 * last accepted, sanitized again as it is shown, every other text escaped. Each view is a read.
 * A premium story shows its title, subtitle, image, a teaser and the premium notice, never its
 * body (reader.ts). The page is rendered on every request and caches must revalidate it (an ETag answers 304
 * when nothing changed), so marking a story premium or not shows at once: that is the
 * "revalidation" of the premium-story service (plugins/premium).
 */
import { createHash } from 'node:crypto';
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { newsletterFrame, publicDate, renderPublicPage } from '../../../core/server/public-page';
import { documentAnswer, emptyAnswer, keyParams } from '../../../core/server/schemas/parts';
import { escapeHtml, htmlToText } from '../../../core/shared/text';
import { withoutMarker } from '../rules';
import { tracking } from './audience';
import { readerHtml } from './reader';
import { countRead, findPublishedStory, type StoriesDb } from './store';

export function registerStoryPage(api: PluginApi, db: StoriesDb): void {
  api.page<{ key: string }>({
    url: '/s/:key',
    schema: {
      params: keyParams,
      response: {
        ...documentAnswer('text/html; charset=utf-8', "The story's public page."),
        ...emptyAnswer(304, 'The page has not changed since the ETag given in If-None-Match.'),
      },
      summary: "A published story's public page.",
    },
    async handler(request, reply) {
      const story = await findPublishedStory(db, request.params.key);
      const content = story?.published_content;
      if (!story || !content) throw notFound('Story not found.');
      await countRead(db, story.id);
      // A bullet has no title: its first words (as plain text, escaped once below).
      const title = content.title || withoutMarker(htmlToText(content.html)).split(/\s+/).slice(0, 8).join(' ');
      const html = renderPublicPage({
        title,
        newsletter: newsletterFrame(story.newsletter),
        content: `${content.image ? `<img class="cover" src="${escapeHtml(content.image)}" alt="">` : ''}
${story.type === 'article' ? `<h1>${escapeHtml(content.title)}</h1>\n<p class="subtitle">${escapeHtml(content.subtitle)}</p>` : ''}
<p class="byline">${content.writer ? `${escapeHtml(content.writer)} · ` : ''}${story.published_at ? escapeHtml(publicDate.format(story.published_at)) : ''}</p>
${readerHtml(story, content.html)}`,
        end: tracking(api)?.readBeacon({ type: 'story', id: story.id, newsletterId: story.newsletter_id }),
      });
      const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(html);
    },
  });
}
