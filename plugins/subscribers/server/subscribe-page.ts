/**
 * Subscribing from the reader pages (issue 15 point 1, issue 31): the form every page of a
 * newsletter shows (subscribe-form.ts), its POST /n/{key}/subscribe (source 'web'), and the
 * confirmation link GET /n/{key}/confirm/{token}. Every answer is a page in Turkish in the
 * newsletter's frame: a bad e-mail (or a name or city the newsletter requires, left out) is shown
 * on the page with 422 and the form refilled, too many requests from one address 429, an unknown
 * or expired link 404.
 */
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { mastheadFrame, renderPublicPage, sendPrivatePage, type PublicPageNewsletter } from '../../../core/server/public-page';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { escapeHtml } from '../../../core/shared/text';
import { readerLook, subscribeFieldsOf } from './reader-look';
import { subscribeForm } from './subscribe-form';
import { findSubscribableNewsletter, type SubscribersDb } from './store';
import { checkSubscribeInput, subscribeTexts, type Subscriptions } from './subscriptions';

export { subscribeForm };

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
  const newsletterOf = async (key: string) => {
    const found = await findSubscribableNewsletter(db, key);
    if (!found || found.key.toLowerCase() !== key.toLowerCase()) return null;
    return { ...found, frame: await readerLook(api, found, { form: false }) };
  };
  const send = (reply: FastifyReply, status: number, frame: PublicPageNewsletter | null, content: string) =>
    sendPrivatePage(reply, status, renderPublicPage({ title: 'Abonelik', newsletter: frame ?? mastheadFrame, content, noindex: true }));
  const notice = (title: string, text: string, tone: 'ok' | 'problem' = 'ok') =>
    `<h1>${escapeHtml(title)}</h1>\n<p class="notice"${tone === 'problem' ? ' role="alert"' : ''}>${escapeHtml(text)}</p>`;
  const homeLink = (key: string, title: string) => `<p><a class="more" href="/n/${encodeURIComponent(key)}">${escapeHtml(title)}</a></p>`;

  api.page<{ key: string }>({
    method: 'POST',
    url: '/n/:key/subscribe',
    schema: {
      params: keyParams,
      response: documentAnswer('text/html; charset=utf-8', 'The page that asks the reader to confirm the subscription from their inbox.'),
      summary:
        "The reader pages' subscribe form (email; name and city as the newsletter's web design asks): keeps the request and sends a confirmation e-mail (double opt-in, source web). The same answer whether or not the address subscribes; 422 for a bad e-mail or a required field left out, 429 past constants.audience.subscribeLimit per client address.",
    },
    async handler(request, reply) {
      const newsletter = await newsletterOf(request.params.key);
      if (!newsletter) return send(reply, 404, null, notice('Abonelik', 'Bülten bulunamadı.', 'problem'));
      const fields = fieldsOf(request.body);
      try {
        await subscriptions.countRequest(request.ip);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429)
          return send(reply, 429, newsletter.frame, notice(newsletter.title, subscribeTexts.tooMany, 'problem'));
        throw error;
      }
      const asked = await subscribeFieldsOf(api, newsletter.id);
      const checked = checkSubscribeInput(fields, asked);
      if (!checked.ok) {
        return send(reply, 422, newsletter.frame, `${notice(newsletter.title, checked.message, 'problem')}\n${subscribeForm(newsletter, asked, fields)}`);
      }
      try {
        await subscriptions.request(newsletter, checked, 'web');
      } catch (error) {
        api.log.error({ err: error, newsletterId: newsletter.id }, 'subscribers: the confirmation e-mail failed');
        return send(reply, 503, newsletter.frame, notice(newsletter.title, subscribeTexts.mailFailed, 'problem'));
      }
      return send(reply, 200, newsletter.frame, `${notice(newsletter.title, subscribeTexts.checkInbox)}\n${homeLink(newsletter.key, newsletter.title)}`);
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
      const newsletter = await newsletterOf(request.params.key);
      const confirmed = newsletter ? await subscriptions.confirm(newsletter.key, request.params.token) : null;
      if (!newsletter || !confirmed) return send(reply, 404, newsletter?.frame ?? null, notice('Abonelik', subscribeTexts.unknownConfirmation, 'problem'));
      return send(reply, 200, newsletter.frame, `${notice(newsletter.title, subscribeTexts.confirmed)}\n${homeLink(newsletter.key, newsletter.title)}`);
    },
  });
}
