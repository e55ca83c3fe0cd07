/**
 * The public page of a published issue, /i/{slug or id} (the editor's GO TO URL): subject,
 * preview, date, the intro, then each channel with its stories in order; what waits in 'Draft
 * Stories' is not shown. Rich text is sanitized again as it is shown, every other text escaped.
 * A premium bullet is its teaser with the button to the newsletter's plans, or whole for a signed-in
 * reader who pays (stories' readerAccess).
 * It wears its newsletter's reader frame (the subscribe band, the footer, the share cards). An
 * issue published once and no more answers 410; one never published, 404.
 */
import { gone, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { renderPublicPage } from '../../../core/server/public-page';
import { readerDate } from '../../../core/server/reader-words';
import { webRichText } from '../../../core/server/rich-text-media';
import { sanitizeRichText } from '../../../core/server/sanitize';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { escapeHtml } from '../../../core/shared/text';
import { readerAccess, readerHtml, tracking, type ReaderAccess, type StoryRow } from '../../stories/server/public';
import { readerLook } from '../../subscribers/server/public';
import { articlePath, sentChannels } from './articles';
import { readerText } from './reader-words';
import { findPublicIssue, type IssuesDb } from './store';

/**
 * An article is its headline and subtitle, linked to its own page (which its issue's publication
 * gave it) with a 'Read more' under them; a bullet is its text (a premium one's teaser). In the newsletter's language `lang`.
 */
function storyHtml(story: StoryRow, access: ReaderAccess, lang: string): string {
  if (story.type !== 'article') return webRichText(readerHtml(story, story.body_html, access, lang));
  const title = escapeHtml(story.title);
  const path = story.published ? articlePath(story) : null;
  const href = path && escapeHtml(path);
  return [
    `<h3>${href ? `<a href="${href}">${title}</a>` : title}</h3>`,
    `<p class="subtitle">${escapeHtml(story.subtitle)}</p>`,
    href ? `<p class="read-more"><a href="${href}">${escapeHtml(readerText(lang, 'Read more'))}</a></p>` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** An issue's address for readers: its slug, else its id. */
export const issuePath = (issue: { slug: string; id: string }) => `/i/${encodeURIComponent(issue.slug || issue.id)}`;

export function registerIssuePage(api: PluginApi, db: IssuesDb): void {
  api.page<{ key: string }>({
    url: '/i/:key',
    schema: {
      params: keyParams,
      response: documentAnswer('text/html; charset=utf-8', "The issue's public page."),
      summary: "A published issue's public page (410 once no longer published).",
    },
    async handler(request, reply) {
      const issue = await findPublicIssue(db, request.params.key);
      if (!issue || !issue.published_at) throw notFound('Issue not found.');
      if (!issue.published) throw gone('This issue is no longer published.', await readerLook(api, issue.newsletter, { form: false }));
      const [channels, look] = await Promise.all([sentChannels(db, issue), readerLook(api, issue.newsletter)]);
      const premium = channels.some((channel) => channel.stories.some((story) => story.is_premium && story.type !== 'article'));
      const access = await readerAccess(api, request, { is_premium: premium, newsletter: issue.newsletter });
      const html = renderPublicPage({
        title: issue.subject || issue.key,
        newsletter: look,
        meta: { publicUrl: api.env.publicUrl, path: issuePath(issue), description: issue.preview, image: issue.image, type: 'article' },
        content: [
          issue.image ? `<img class="cover" src="${escapeHtml(issue.image)}" alt="">` : '',
          `<h1>${escapeHtml(issue.subject || issue.key)}</h1>`,
          issue.preview ? `<p class="subtitle">${escapeHtml(issue.preview)}</p>` : '',
          `<p class="byline">${escapeHtml(readerDate(look.lang, issue.published_at))}</p>`,
          webRichText(sanitizeRichText(issue.intro_html)),
          ...channels.flatMap((channel) => [`<h2>${escapeHtml(channel.title)}</h2>`, ...channel.stories.map((story) => storyHtml(story, access, look.lang))]),
        ]
          .filter(Boolean)
          .join('\n'),
        end: tracking(api)?.readBeacon({ type: 'issue', id: issue.id, newsletterId: issue.newsletter_id }),
      });
      // A page with premium stories read whole is the paying reader's alone.
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', access.whole ? 'private, no-store' : 'public, max-age=60')
        .send(html);
    },
  });
}
