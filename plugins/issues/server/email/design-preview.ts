/**
 * The e-mail a newsletter's readers would get in a design that is not saved yet (the design page's
 * and the wizard's preview): its latest issue with stories, or a sample issue while it has none,
 * rendered by the same renderer as every sent issue, addressed to the person looking at it.
 */
import { findNewsletter } from '../../../../core/server/store';
import { escapeHtml } from '../../../../core/shared/text';
import type { Handle } from '../../../../core/server/db/database';
import type { EmailDesign } from '../../../../core/shared/email-design';
import { issuesHolding } from '../../../stories/server/public';
import { issuesDb, type IssuesDb } from '../store';
import { readerText } from '../reader-words';
import { issueEmailInput } from './compose';
import { darkVariant, lightVariant, personalise, renderIssueEmail, type IssueEmailInput, type PersonalValues } from './render';

/** Values for the personal marks of a copy nobody is sent: the viewer's address, a link that unsubscribes no one. */
export function previewValues(publicUrl: string, newsletterKey: string, viewer: { email: string; name: string }): PersonalValues {
  return {
    unsubscribeUrl: `${publicUrl}/u/preview`,
    referralUrl: `${publicUrl}/n/${encodeURIComponent(newsletterKey)}`,
    email: viewer.email,
    name: viewer.name,
    track: '',
  };
}

/** The newsletter's issue a design is best judged on: the latest one that has stories (published first, then edited). */
async function latestIssueWithStories(db: IssuesDb, newsletterId: string) {
  const holding = await issuesHolding(db, { newsletterId });
  return db
    .selectFrom('issues')
    .selectAll()
    .where('newsletter_id', '=', newsletterId)
    .where('id', 'in', holding.length > 0 ? holding : [''])
    .orderBy('published', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * A short issue that shows every part of the design, in the newsletter's language: an intro with a
 * link, two channels, a bullet and an article.
 */
function sampleInput(newsletter: { title: string; key: string; lang: string; image: string }, design: EmailDesign, publicUrl: string): IssueEmailInput {
  const { lang } = newsletter;
  const newsletterUrl = `${publicUrl}/n/${encodeURIComponent(newsletter.key)}`;
  /** A sample text with links in its placeholders: the text escaped, the links' HTML as made. */
  const withLinks = (text: string, links: Record<string, string>) => escapeHtml(text).replace(/\{(\w+)\}/g, (whole, name: string) => links[name] ?? whole);
  const intro = withLinks(readerText(lang, 'Hello! This is a sample of the {title} e-mail. {links} look as the design says.'), {
    title: `<strong>${escapeHtml(newsletter.title)}</strong>`,
    links: `<a href="${newsletterUrl}">${escapeHtml(readerText(lang, 'Links'))}</a>`,
  });
  const bullet = withLinks(readerText(lang, 'A short piece of news: your readers see the main point at a glance, {details}.'), {
    details: `<a href="${newsletterUrl}">${escapeHtml(readerText(lang, 'the details one click away'))}</a>`,
  });
  return {
    issue: {
      id: 'preview',
      subject: readerText(lang, '{title}: the first issue', { title: newsletter.title }),
      preview: readerText(lang, 'A sample of your design'),
      image: '',
      introHtml: `<p>${intro}</p>`,
      url: newsletterUrl,
    },
    newsletter: { title: newsletter.title, key: newsletter.key, url: newsletterUrl, lang, image: newsletter.image },
    channels: [
      {
        title: readerText(lang, 'In the News'),
        stories: [
          {
            id: 'sample-bullet',
            type: 'bullet',
            title: '',
            subtitle: '',
            image: '',
            html: `<p>${bullet}</p>`,
            url: null,
            readingMs: 20_000,
          },
        ],
      },
      {
        title: readerText(lang, 'Story of the Week'),
        stories: [
          {
            id: 'sample-article',
            type: 'article',
            title: readerText(lang, 'The headline of a long story'),
            subtitle: readerText(lang, "A subtitle that takes the reader to the story's page"),
            image: '',
            html: '',
            url: newsletterUrl,
            readingMs: 240_000,
          },
        ],
      },
    ],
    design,
    publicUrl,
  };
}

/** The preview's HTML in `design`: light or dark whatever the viewer's setting, or as sent ('auto': as the viewer's setting says). */
export async function designPreview(
  database: Handle,
  newsletterId: string,
  design: EmailDesign,
  options: { publicUrl: string; viewer: { email: string; name: string }; scheme: 'light' | 'dark' | 'auto' },
): Promise<string> {
  const db: IssuesDb = issuesDb(database);
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const newsletter = await findNewsletter(db, newsletterId);
  if (!newsletter) throw new Error(`Newsletter ${newsletterId} does not exist.`);
  const issue = await latestIssueWithStories(db, newsletterId);
  const input = issue
    ? await issueEmailInput(db, { ...issue, owner_name: null, owner_image: null }, publicUrl, design)
    : sampleInput(newsletter, design, publicUrl);
  const { html } = personalise(await renderIssueEmail(input), previewValues(publicUrl, newsletter.key, options.viewer));
  if (options.scheme === 'auto') return html;
  return options.scheme === 'dark' ? darkVariant(html) : lightVariant(html);
}
