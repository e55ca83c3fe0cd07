/**
 * The sign-in e-mail: sent as the newsletter's confirmation e-mail is (plugins/subscribers), from
 * the newsletter's own sender, in its e-mail design (the core's frame, core/server/email; the design through the newsletters plugin's newsletterLook), with a plain-text
 * part of the same content. The link is the only copy of the token.
 */
import type { AppContext } from '../../../core/server/plugins/contract';
import type { NewsletterRow } from '../../../core/server/db/tables';
import { constants } from '../../../core/shared/config';
import { escapeHtml } from '../../../core/shared/text';
import { renderNewsletterMessage } from '../../../core/server/email/message';
import { newsletterEmailDesign } from '../../newsletters/server/public';
import { newsletterSender } from '../../settings/server/public';
import { readerPath, readerTexts } from './pages';

export async function sendSignInMail(
  context: Pick<AppContext, 'db' | 'mail' | 'env' | 'extensions'>,
  newsletter: Pick<NewsletterRow, 'id' | 'key' | 'title' | 'lang' | 'color'>,
  email: string,
  token: string,
): Promise<void> {
  const link = `${context.env.publicUrl}${readerPath(newsletter.key, `/signin/${token}`)}`;
  const minutes = constants.readers.signInLinkMinutes;
  const intro = `${newsletter.title} okur hesabınıza girmek için bir bağlantı istediniz. Bağlantı ${minutes} dakika geçerlidir ve bir kez kullanılabilir:`;
  const message = await renderNewsletterMessage({
    newsletter: { title: newsletter.title, key: newsletter.key, lang: newsletter.lang, color: newsletter.color },
    design: await newsletterEmailDesign(context, newsletter.id),
    publicUrl: context.env.publicUrl,
    title: readerTexts.signInTitle,
    bodyHtml: `<p>Merhaba,</p><p>${escapeHtml(intro)}</p>`,
    button: { label: readerTexts.signIn, url: link },
    closingHtml: `<p>${escapeHtml('Siz istemediyseniz bu e-postayı yok sayın: bağlantı kullanılmazsa kendiliğinden geçersiz olur.')}</p>`,
    footer: { lines: [`Bu e-posta ${email} adresine gönderildi.`], links: [] },
  });
  await context.mail.send({
    to: email,
    ...(await newsletterSender(context.db, newsletter, context.mail.from)),
    subject: `${newsletter.title}: giriş bağlantınız`,
    ...message,
  });
}
