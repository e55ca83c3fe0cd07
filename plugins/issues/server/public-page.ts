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
import { readerHtml, storiesOfIssue, tracking, type StoryRow } from '../../stories/server/public';
import { normalizeChannels, stuffChannelId } from '../rules';
import { findPublishedIssue, type IssuesDb } from './store';

/** An article links to its own page once it has one; a bullet is its text (a premium one's teaser). */
function storyHtml(story: StoryRow): string {
  if (story.type !== 'article') return readerHtml(story, story.body_html);
  const title = escapeHtml(story.title);
  const heading = story.published && story.slug ? `<a href="/s/${encodeURIComponent(story.slug)}">${title}</a>` : title;
  return `<h3>${heading}</h3>\n<p class="subtitle">${escapeHtml(story.subtitle)}</p>`;
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
      const stories = await storiesOfIssue(db, issue.id);
      const byId = new Map(stories.map((story) => [story.id, story]));
      const channels = normalizeChannels(issue.channels, new Set(byId.keys())).filter(
        (channel) => channel._id !== stuffChannelId && channel.stories.length > 0,
      );
      const html = renderPublicPage({
        title: issue.subject || issue.key,
        newsletter: newsletterFrame(issue.newsletter),
        content: [
          issue.image ? `<img class="cover" src="${escapeHtml(issue.image)}" alt="">` : '',
          `<h1>${escapeHtml(issue.subject || issue.key)}</h1>`,
          issue.preview ? `<p class="subtitle">${escapeHtml(issue.preview)}</p>` : '',
          `<p class="byline">${issue.published_at ? escapeHtml(publicDate.format(issue.published_at)) : ''}</p>`,
          sanitizeRichText(issue.intro_html),
          ...channels.flatMap((channel) => [`<h2>${escapeHtml(channel.title)}</h2>`, ...channel.stories.map((id) => storyHtml(byId.get(id)!))]),
        ]
          .filter(Boolean)
          .join('\n'),
        end: tracking(api)?.readBeacon({ type: 'issue', id: issue.id, newsletterId: issue.newsletter_id }),
      });
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, max-age=60').send(html);
    },
  });
}
