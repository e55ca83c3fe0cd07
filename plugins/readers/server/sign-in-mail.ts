/**
 * The sign-in e-mail: sent as the newsletter's confirmation e-mail is (plugins/subscribers), from
 * the newsletter's own sender, in its e-mail design (the core's frame, core/server/email; the design through the newsletters plugin's newsletterLook), with a plain-text
 * part of the same content, in the newsletter's language. The link is the only copy of the token.
 */
import type { AppContext } from '../../../core/server/plugins/contract';
import type { NewsletterRow } from '../../../core/server/db/tables';
import { constants } from '../../../core/shared/config';
import { escapeHtml } from '../../../core/shared/text';
import { renderNewsletterMessage } from '../../../core/server/email/message';
import { newsletterEmailDesign } from '../../newsletters/server/public';
import { newsletterSender } from '../../settings/server/public';
import { readerPath } from './pages';
import { readerText } from './reader-words';

export async function sendSignInMail(
  context: Pick<AppContext, 'db' | 'mail' | 'env' | 'extensions'>,
  newsletter: Pick<NewsletterRow, 'id' | 'key' | 'title' | 'lang' | 'color'>,
  email: string,
  token: string,
): Promise<void> {
  const link = `${context.env.publicUrl}${readerPath(newsletter.key, `/signin/${token}`)}`;
  const minutes = constants.readers.signInLinkMinutes;
  const { lang } = newsletter;
  const intro = readerText(
    lang,
    'You asked for a link to sign in to your reader account of {title}. The link is valid for {minutes} minutes and can be used once:',
    { title: newsletter.title, minutes },
  );
  const message = await renderNewsletterMessage({
    newsletter: { title: newsletter.title, key: newsletter.key, lang, color: newsletter.color },
    design: await newsletterEmailDesign(context, newsletter.id),
    publicUrl: context.env.publicUrl,
    title: readerText(lang, 'Reader sign-in'),
    bodyHtml: `<p>${escapeHtml(readerText(lang, 'Hello,'))}</p><p>${escapeHtml(intro)}</p>`,
    button: { label: readerText(lang, 'Sign in'), url: link },
    closingHtml: `<p>${escapeHtml(readerText(lang, 'If it was not you, ignore this e-mail: the link expires by itself if it is not used.'))}</p>`,
    footer: { lines: [readerText(lang, 'This e-mail was sent to {email}.', { email })], links: [] },
  });
  await context.mail.send({
    to: email,
    ...(await newsletterSender(context.db, newsletter, context.mail.from)),
    subject: readerText(lang, '{title}: your sign-in link', { title: newsletter.title }),
    ...message,
  });
}
