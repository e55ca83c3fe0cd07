/**
 * Confirming a newsletter's From address (sender.ts): the link e-mailed to a new address, and the
 * page it opens, GET /n/{key}/sender/{token}, which makes the address the newsletter's sender if it
 * is still the one waiting. The link goes out from MAIL_FROM (the address is not the newsletter's yet).
 */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { renderStaffMail } from '../../../core/server/services/mail-layout';
import { mastheadFrame, newsletterFrame, renderPublicPage, sendPrivatePage } from '../../../core/server/public-page';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { findNewsletterByKey } from '../../../core/server/store';
import { escapeHtml } from '../../../core/shared/text';
import { confirmPendingSender, findSenderSettings, readSenderToken, senderToken } from './sender';
import { senderTexts } from './sender-texts';
import type { SettingsDb } from './store';

/** E-mails the confirmation link to an address set as the newsletter's sender. */
export async function sendSenderConfirmation(api: PluginApi, newsletter: { id: string; key: string; title: string }, email: string): Promise<void> {
  const link = `${api.env.publicUrl}/n/${encodeURIComponent(newsletter.key)}/sender/${senderToken(api.links, newsletter.id, email)}`;
  const intro = `This address was set as the sender of the newsletter ${newsletter.title} on Masthead.`;
  const close = 'Until it is confirmed, the newsletter keeps sending from its current address. If you did not expect this, ignore this e-mail.';
  const message = await renderStaffMail({
    title: `Confirm the sender of ${newsletter.title}`,
    paragraphs: ['Hello,', `${intro} Open this link to confirm that its e-mails may come from it:`],
    button: { label: 'Confirm the sender address', url: link },
    closing: [close],
    publicUrl: api.env.publicUrl,
  });
  await api.mail.send({ to: email, subject: `Confirm the sender address of ${newsletter.title}`, ...message });
}

const tokenParams = {
  type: 'object',
  required: ['key', 'token'],
  properties: { key: keyParams.properties.key, token: { type: 'string', minLength: 1, maxLength: 400 } },
} as const;

export function registerSenderConfirmationPage(api: PluginApi, db: SettingsDb): void {
  api.page<{ key: string; token: string }>({
    url: '/n/:key/sender/:token',
    schema: {
      params: tokenParams,
      response: documentAnswer('text/html; charset=utf-8', 'The page that says the address is now the newsletter’s sender.'),
      summary:
        "A sender address's confirmation link: the address becomes the newsletter's From address if it is still the one waiting (a second click changes nothing). 404 for an unknown, forged or outdated link.",
    },
    async handler(request, reply) {
      const newsletter = await findNewsletterByKey(db, request.params.key);
      const named = readSenderToken(api.links, request.params.token);
      const current = newsletter && named?.newsletterId === newsletter.id ? await findSenderSettings(db, newsletter.id) : null;
      // In English, the console's language: the page is the staff member's, not the readers'.
      const page = (status: number, content: string) =>
        sendPrivatePage(
          reply,
          status,
          renderPublicPage({
            title: 'Sender address',
            newsletter: { ...(newsletter ? newsletterFrame(newsletter) : mastheadFrame), lang: 'en' },
            content,
            noindex: true,
          }),
        );
      const unknown = () => page(404, `<p role="alert" style="color: #a4262c">${escapeHtml(senderTexts.unknown)}</p>`);
      if (!newsletter || !named || !current) return unknown();
      const email = named.email;
      // Confirmed only while it is still the waiting address (a second click finds it confirmed and changes nothing);
      // a link for an address that no longer waits, and is not the sender, is void.
      const confirmed = current.pendingEmail === email && (await confirmPendingSender(db, newsletter.id, email));
      if (!confirmed && current.email !== email) return unknown();
      return page(200, `<h1>${escapeHtml(newsletter.title)}</h1><p>${escapeHtml(senderTexts.confirmed(email, newsletter.title))}</p>`);
    },
  });
}
