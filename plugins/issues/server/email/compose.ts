/**
 * What the e-mail of an issue is made of, loaded once per build: the issue, its newsletter, and
 * its channels in order with their stories, leaving out 'Draft Stories' and the
 * empty channels (as the public page does). Addresses are absolute: the mail leaves the site.
 */
import { findNewsletter } from '../../../../core/server/store';
import type { EmailDesign } from '../../../../core/shared/email-design';
import { readerHtml, type PremiumAccess, type ReaderAccess, type StoryRow } from '../../../stories/server/public';
import { articlePath, sentChannels } from '../articles';
import type { IssueRow, IssuesDb } from '../store';
import type { EmailChannel, EmailStory, IssueEmailInput } from './render';

function emailStory(story: StoryRow, publicUrl: string, access: ReaderAccess, lang: string): EmailStory {
  const path = articlePath(story);
  return {
    id: story.id,
    type: story.type,
    title: story.title,
    subtitle: story.subtitle,
    image: story.image,
    // A premium bullet goes as its teaser with the way to the plans, or whole in the payers' copy.
    html: readerHtml(story, story.body_html, access, lang),
    // An article links to its page: the one it has, or the one the issue's publication gives it (the preview and the test show that link too).
    url: path ? `${publicUrl}${path}` : null,
    readingMs: Number(story.reading_time_ms),
  };
}

/** The e-mail's input in `design` as a reader who does not pay gets it (the design page's preview, whose design is not saved yet). */
export async function issueEmailInput(db: IssuesDb, issue: IssueRow, publicUrl: string, design: EmailDesign): Promise<IssueEmailInput> {
  return (await issueEmailInputs(db, issue, publicUrl, null, design)).input;
}

/**
 * The e-mail's input for readers who do not pay and, when it has a premium bullet and a plugin
 * sells subscriptions (stories' premiumAccess), for those who do: the bullet whole. `designOrRead` is
 * the newsletter's e-mail design (the newsletters plugin's newsletterEmailDesign, read beside the
 * newsletter and its channels) or the one previewed.
 */
export async function issueEmailInputs(
  db: IssuesDb,
  issue: IssueRow,
  publicUrl: string,
  premium: PremiumAccess | null,
  designOrRead: EmailDesign | Promise<EmailDesign>,
): Promise<{ input: IssueEmailInput; paid: IssueEmailInput | null }> {
  const base = publicUrl.replace(/\/+$/, '');
  const [newsletter, sent, design] = await Promise.all([findNewsletter(db, issue.newsletter_id), sentChannels(db, issue), designOrRead]);
  if (!newsletter) throw new Error(`Issue ${issue.id}: its newsletter ${issue.newsletter_id} does not exist.`);
  const channelsFor = (access: ReaderAccess): EmailChannel[] =>
    sent.map((channel) => ({ title: channel.title, stories: channel.stories.map((story) => emailStory(story, base, access, newsletter.lang)) }));
  const premiumBullets = premium !== null && sent.some((channel) => channel.stories.some((story) => story.is_premium && story.type !== 'article'));
  const input: IssueEmailInput = {
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
    channels: channelsFor(premiumBullets ? { offer: await premium!.offer(newsletter) } : {}),
    design,
    publicUrl: base,
  };
  return { input, paid: premiumBullets ? { ...input, channels: channelsFor({ whole: true }) } : null };
}
