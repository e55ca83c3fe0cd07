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

/** A short issue that shows every part of the design: an intro with a link, two channels, a bullet and an article. */
function sampleInput(newsletter: { title: string; key: string; lang: string; image: string }, design: EmailDesign, publicUrl: string): IssueEmailInput {
  const newsletterUrl = `${publicUrl}/n/${encodeURIComponent(newsletter.key)}`;
  return {
    issue: {
      id: 'preview',
      subject: `${newsletter.title}: ilk sayı`,
      preview: 'Tasarımınızın bir örneği',
      image: '',
      introHtml: `<p>Merhaba! Bu, <strong>${escapeHtml(newsletter.title)}</strong> e-postasının bir örneği. <a href="${newsletterUrl}">Bağlantılar</a> tasarımdaki gibi görünür.</p>`,
      url: newsletterUrl,
    },
    newsletter: { title: newsletter.title, key: newsletter.key, url: newsletterUrl, lang: newsletter.lang, image: newsletter.image },
    channels: [
      {
        title: 'Gündem',
        stories: [
          {
            id: 'sample-bullet',
            type: 'bullet',
            title: '',
            subtitle: '',
            image: '',
            html: `<p>Kısa bir haber: okurlarınız ana fikri bir bakışta görür, <a href="${newsletterUrl}">ayrıntısı bir tık uzakta</a>.</p>`,
            url: null,
            readingMs: 20_000,
          },
        ],
      },
      {
        title: 'Haftanın Yazısı',
        stories: [
          {
            id: 'sample-article',
            type: 'article',
            title: 'Uzun bir yazının başlığı',
            subtitle: 'Okuru yazının sayfasına götüren bir alt başlık',
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
