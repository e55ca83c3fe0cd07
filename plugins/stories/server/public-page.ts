/**
 * The public page of a published story, /s/{slug or id}: the copy taken when it was released or
 * last accepted, sanitized again as it is shown, every other text escaped, in its newsletter's
 * reader frame (the subscribe band, the footer, the share cards). Each view is a read.
 * A premium story shows its title, subtitle, image, a teaser, the premium notice and the button
 * to its newsletter's plans, never its body (reader.ts), unless the signed-in reader pays for it
 * (premium-access.ts): then it is whole, and no shared cache keeps the page. The page is rendered on every request and caches must revalidate it (an ETag answers 304
 * when nothing changed), so marking a story premium or not shows at once: that is the
 * "revalidation" of the premium-story service (plugins/premium). A story published once and
 * unpublished since answers 410; one never published, 404.
 */
import { gone, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { renderPublicPage, sendRevalidated } from '../../../core/server/public-page';
import { readerDate } from '../../../core/server/reader-words';
import { webRichText } from '../../../core/server/rich-text-media';
import { documentAnswer, emptyAnswer, keyParams } from '../../../core/server/schemas/parts';
import { cutText, escapeHtml, htmlToText } from '../../../core/shared/text';
import { readerLook } from '../../subscribers/server/public';
import { withoutMarker } from '../rules';
import { tracking } from './audience';
import { readerAccess } from './premium-access';
import { readerHtml } from './reader';
import { countRead, findPublicStory, type StoriesDb } from './store';

/** How many characters of a story's text describe it on a share card. */
const descriptionLength = 200;

export function registerStoryPage(api: PluginApi, db: StoriesDb): void {
  api.page<{ key: string }>({
    url: '/s/:key',
    schema: {
      params: keyParams,
      response: {
        ...documentAnswer('text/html; charset=utf-8', "The story's public page."),
        ...emptyAnswer(304, 'The page has not changed since the ETag given in If-None-Match.'),
      },
      summary: "A published story's public page (410 once unpublished).",
    },
    async handler(request, reply) {
      const story = await findPublicStory(db, request.params.key);
      const content = story?.published_content;
      if (!story || !content || !story.published_at) throw notFound('Story not found.');
      if (!story.published) throw gone('This story is no longer published.', await readerLook(api, story.newsletter, { form: false }));
      await countRead(db, story.id);
      const [look, access] = await Promise.all([readerLook(api, story.newsletter), readerAccess(api, request, story)]);
      const text = withoutMarker(htmlToText(content.html));
      // A bullet has no title: its first words (as plain text, escaped once below).
      const title = content.title || text.split(/\s+/).slice(0, 8).join(' ');
      // A premium story's card says no more than its page shows: the subtitle, never its body.
      const description = content.subtitle || (story.is_premium ? '' : cutText(text, descriptionLength));
      const html = renderPublicPage({
        title,
        newsletter: look,
        meta: { publicUrl: api.env.publicUrl, path: `/s/${encodeURIComponent(story.slug || story.id)}`, description, image: content.image, type: 'article' },
        content: `${content.image ? `<img class="cover" src="${escapeHtml(content.image)}" alt="">` : ''}
${story.type === 'article' ? `<h1>${escapeHtml(content.title)}</h1>\n<p class="subtitle">${escapeHtml(content.subtitle)}</p>` : ''}
<p class="byline">${content.writer ? `${escapeHtml(content.writer)} · ` : ''}${escapeHtml(readerDate(look.lang, story.published_at))}</p>
${webRichText(readerHtml(story, content.html, access, look.lang))}`,
        end: tracking(api)?.readBeacon({ type: 'story', id: story.id, newsletterId: story.newsletter_id }),
      });
      return sendRevalidated(request, reply, html, { personal: access.whole });
    },
  });
}
