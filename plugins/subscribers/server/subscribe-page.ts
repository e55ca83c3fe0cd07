/**
 * Subscribing from the landing page /n/{key} (issue 15 point 1): the form the dashboards plugin
 * puts on the page, its POST /n/{key}/subscribe (source 'web'), and the confirmation link
 * GET /n/{key}/confirm/{token}. Every answer is a page in Turkish: a bad e-mail is shown on the
 * page with 422, too many requests from one address with 429, an unknown or expired link with 404.
 */
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { mastheadFrame, newsletterFrame, renderPublicPage, sendPrivatePage, type PublicPageNewsletter } from '../../../core/server/public-page';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { escapeHtml } from '../../../core/shared/text';
import { maxLength } from './csv-import';
import { findSubscribableNewsletter, type SubscribersDb } from './store';
import { checkSubscribeInput, subscribeTexts, type Subscriptions } from './subscriptions';

/** The landing page's subscribe form (e-mail and name required, city optional), posting to /n/{key}/subscribe; `values` refill it after a problem. */
export function subscribeForm(newsletter: { key: string }, values: { email?: string; name?: string; city?: string } = {}): string {
  const action = `/n/${encodeURIComponent(newsletter.key)}/subscribe`;
  const value = (text: string | undefined) => (text ? ` value="${escapeHtml(text)}"` : '');
  const field = 'display: block; width: 100%; max-width: 420px; box-sizing: border-box; font: inherit; padding: 6px 8px; margin-top: 4px';
  return `<form class="subscribe" method="post" action="${escapeHtml(action)}">
  <h2>Abone olun</h2>
  <p><label>E-posta<input type="email" name="email" required maxlength="${maxLength.email}" autocomplete="email" style="${field}"${value(values.email)}></label></p>
  <p><label>Ad Soyad<input type="text" name="name" required maxlength="${maxLength.name}" autocomplete="name" style="${field}"${value(values.name)}></label></p>
  <p><label>Şehir (isteğe bağlı)<input type="text" name="city" maxlength="${maxLength.city}" autocomplete="address-level2" style="${field}"${value(values.city)}></label></p>
  <p><button type="submit" style="font: inherit; padding: 8px 20px; cursor: pointer">Abone ol</button></p>
</form>`;
}

const confirmParams = {
  type: 'object',
  required: ['key', 'token'],
  properties: { key: keyParams.properties.key, token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

/** The form's fields: strings only, whatever was posted. */
function fieldsOf(body: unknown): { email: string; name: string; city: string } {
  const form = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const text = (key: string) => (typeof form[key] === 'string' ? form[key] : '');
  return { email: text('email'), name: text('name'), city: text('city') };
}

export function registerSubscribePages(api: PluginApi, db: SubscribersDb, subscriptions: Subscriptions): void {
  const frameOf = async (key: string): Promise<{ id: string; key: string; title: string; frame: PublicPageNewsletter } | null> => {
    const found = await findSubscribableNewsletter(db, key);
    if (!found || found.key.toLowerCase() !== key.toLowerCase()) return null;
    return {
      id: found.id,
      key: found.key,
      title: found.title,
      frame: newsletterFrame(found),
    };
  };
  const send = (reply: FastifyReply, status: number, frame: PublicPageNewsletter | null, content: string) =>
    sendPrivatePage(reply, status, renderPublicPage({ title: 'Abonelik', newsletter: frame ?? mastheadFrame, content }));
  const notice = (title: string, text: string, tone: 'ok' | 'problem' = 'ok') =>
    `<h1>${escapeHtml(title)}</h1><p${tone === 'problem' ? ' role="alert" style="color: #a4262c"' : ''}>${escapeHtml(text)}</p>`;

  api.page<{ key: string }>({
    method: 'POST',
    url: '/n/:key/subscribe',
    schema: {
      params: keyParams,
      response: documentAnswer('text/html; charset=utf-8', 'The page that asks the reader to confirm the subscription from their inbox.'),
      summary:
        "The landing page's subscribe form (email, name, optional city): keeps the request and sends a confirmation e-mail (double opt-in, source web). The same answer whether or not the address subscribes; 422 for a bad e-mail, 429 past constants.audience.subscribeLimit per client address.",
    },
    async handler(request, reply) {
      const newsletter = await frameOf(request.params.key);
      if (!newsletter) return send(reply, 404, null, notice('Abonelik', 'Bülten bulunamadı.', 'problem'));
      const fields = fieldsOf(request.body);
      try {
        await subscriptions.countRequest(request.ip);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429)
          return send(reply, 429, newsletter.frame, notice(newsletter.title, subscribeTexts.tooMany, 'problem'));
        throw error;
      }
      const checked = checkSubscribeInput(fields);
      if (!checked.ok) {
        return send(reply, 422, newsletter.frame, `${notice(newsletter.title, checked.message, 'problem')}\n${subscribeForm(newsletter, fields)}`);
      }
      try {
        await subscriptions.request(newsletter, checked, 'web');
      } catch (error) {
        api.log.error({ err: error, newsletterId: newsletter.id }, 'subscribers: the confirmation e-mail failed');
        return send(reply, 503, newsletter.frame, notice(newsletter.title, subscribeTexts.mailFailed, 'problem'));
      }
      return send(reply, 200, newsletter.frame, notice(newsletter.title, subscribeTexts.checkInbox));
    },
  });

  api.page<{ key: string; token: string }>({
    url: '/n/:key/confirm/:token',
    schema: {
      params: confirmParams,
      response: documentAnswer('text/html; charset=utf-8', 'The page that thanks the new subscriber.'),
      summary:
        'A confirmation link: makes the subscription (once; a second click changes nothing), sends the welcome e-mail, and thanks. 404 for an unknown, forged or expired link.',
    },
    async handler(request, reply) {
      const newsletter = await frameOf(request.params.key);
      const confirmed = newsletter ? await subscriptions.confirm(newsletter.key, request.params.token) : null;
      if (!newsletter || !confirmed) return send(reply, 404, newsletter?.frame ?? null, notice('Abonelik', subscribeTexts.unknownConfirmation, 'problem'));
      return send(reply, 200, newsletter.frame, notice(newsletter.title, subscribeTexts.confirmed));
    },
  });
}
