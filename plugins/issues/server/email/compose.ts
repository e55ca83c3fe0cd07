/**
 * What the e-mail of an issue is made of, loaded once per build: the issue, its newsletter, its
 * e-mail design, and its channels in order with their stories, leaving out 'Draft Stories' and the
 * empty channels (as the public page does). Addresses are absolute: the mail leaves the site.
 */
import { findNewsletter } from '../../../../core/server/store';
import { newsletterEmailDesign } from '../../../settings/server/public';
import { readerHtml, type StoryRow } from '../../../stories/server/public';
import { articlePath, sentChannels } from '../articles';
import type { IssueRow, IssuesDb } from '../store';
import type { EmailChannel, EmailStory, IssueEmailInput } from './render';

function emailStory(story: StoryRow, publicUrl: string): EmailStory {
  const path = articlePath(story);
  return {
    id: story.id,
    type: story.type,
    title: story.title,
    subtitle: story.subtitle,
    image: story.image,
    // A premium bullet goes as its teaser: nobody receiving the issue pays for it yet.
    html: readerHtml(story, story.body_html),
    // An article links to its page: the one it has, or the one the issue's publication gives it (the preview and the test show that link too).
    url: path ? `${publicUrl}${path}` : null,
    readingMs: Number(story.reading_time_ms),
  };
}

export async function issueEmailInput(db: IssuesDb, issue: IssueRow, publicUrl: string): Promise<IssueEmailInput> {
  const base = publicUrl.replace(/\/+$/, '');
  const [newsletter, sent, design] = await Promise.all([
    findNewsletter(db, issue.newsletter_id),
    sentChannels(db, issue),
    newsletterEmailDesign(db, issue.newsletter_id),
  ]);
  if (!newsletter) throw new Error(`Issue ${issue.id}: its newsletter ${issue.newsletter_id} does not exist.`);
  const channels: EmailChannel[] = sent.map((channel) => ({ title: channel.title, stories: channel.stories.map((story) => emailStory(story, base)) }));
  return {
    issue: {
      id: issue.id,
      subject: issue.subject || issue.key,
      preview: issue.preview,
      image: issue.image,
      introHtml: issue.intro_html,
      url: `${base}/i/${encodeURIComponent(issue.slug || issue.id)}`,
    },
    newsletter: {
      title: newsletter.title,
      key: newsletter.key,
      url: `${base}/n/${encodeURIComponent(newsletter.key)}`,
      lang: newsletter.lang,
      image: newsletter.image,
    },
    channels,
    design,
    publicUrl: base,
  };
}
