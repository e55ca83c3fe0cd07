/**
 * The public page of a published issue, /i/{slug or id} (the editor's GO TO URL): subject,
 * preview, date, the intro, then each channel with its stories in order; what waits in 'Draft
 * Stories' is not shown. Rich text is sanitized again as it is shown, every other text escaped.
 */
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { newsletterFrame, publicDate, renderPublicPage } from '../../../core/server/public-page';
import { sanitizeRichText } from '../../../core/server/sanitize';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { escapeHtml } from '../../../core/shared/text';
import { readerHtml, tracking, type StoryRow } from '../../stories/server/public';
import { articlePath, readMoreText, sentChannels } from './articles';
import { findPublishedIssue, type IssuesDb } from './store';

/**
 * An article is its headline and subtitle, linked to its own page (which its issue's publication
 * gave it) with a 'Read more' under them; a bullet is its text (a premium one's teaser).
 */
function storyHtml(story: StoryRow): string {
  if (story.type !== 'article') return readerHtml(story, story.body_html);
  const title = escapeHtml(story.title);
  const path = story.published ? articlePath(story) : null;
  const href = path && escapeHtml(path);
  return [
    `<h3>${href ? `<a href="${href}">${title}</a>` : title}</h3>`,
    `<p class="subtitle">${escapeHtml(story.subtitle)}</p>`,
    href ? `<p class="read-more"><a href="${href}">${escapeHtml(readMoreText)}</a></p>` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

export function registerIssuePage(api: PluginApi, db: IssuesDb): void {
  api.page<{ key: string }>({
    url: '/i/:key',
    schema: {
      params: keyParams,
      response: documentAnswer('text/html; charset=utf-8', "The issue's public page."),
      summary: "A published issue's public page.",
    },
    async handler(request, reply) {
      const issue = await findPublishedIssue(db, request.params.key);
      if (!issue) throw notFound('Issue not found.');
      const channels = await sentChannels(db, issue);
      const html = renderPublicPage({
        title: issue.subject || issue.key,
        newsletter: newsletterFrame(issue.newsletter),
        content: [
          issue.image ? `<img class="cover" src="${escapeHtml(issue.image)}" alt="">` : '',
          `<h1>${escapeHtml(issue.subject || issue.key)}</h1>`,
          issue.preview ? `<p class="subtitle">${escapeHtml(issue.preview)}</p>` : '',
          `<p class="byline">${issue.published_at ? escapeHtml(publicDate.format(issue.published_at)) : ''}</p>`,
          sanitizeRichText(issue.intro_html),
          ...channels.flatMap((channel) => [`<h2>${escapeHtml(channel.title)}</h2>`, ...channel.stories.map(storyHtml)]),
        ]
          .filter(Boolean)
          .join('\n'),
        end: tracking(api)?.readBeacon({ type: 'issue', id: issue.id, newsletterId: issue.newsletter_id }),
      });
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, max-age=60').send(html);
    },
  });
}
