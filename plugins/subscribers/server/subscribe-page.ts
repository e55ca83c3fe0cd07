/**
 * Subscribing from the reader pages (issue 15 point 1, issue 31): the form every page of a
 * newsletter shows (subscribe-form.ts), its POST /n/{key}/subscribe (source 'web'), the answer's
 * resend button POST /n/{key}/subscribe/resend, and the confirmation link GET
 * /n/{key}/confirm/{token}. Every answer is a page in the newsletter's language and frame, and leads
 * on (issue 55 point 6): the answer names the address the e-mail went to and offers to send it
 * again; the thank-you page offers the latest issue. A bad e-mail (or a name or city the
 * newsletter requires, left out) is shown on the page with 422 and the form refilled, too many
 * requests from one address 429, an unknown or expired link 404.
 */
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { mastheadFrame, renderPublicPage, sendPrivatePage, type PublicPageNewsletter } from '../../../core/server/public-page';
import { readerDate } from '../../../core/server/reader-words';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { constants } from '../../../core/shared/config';
import { escapeHtml } from '../../../core/shared/text';
import { latestIssue, type LatestIssue } from './latest-issue';
import { readerLook, subscribeFieldsOf } from './reader-look';
import { subscribeForm } from './subscribe-form';
import { findSubscribableNewsletter, type SubscribersDb } from './store';
import { readerText } from './reader-words';
import { checkSubscribeInput, type Subscriptions } from './subscriptions';

export { subscribeForm };

/** What `mailing` answers when the confirmation e-mail could not go. */
const mailFailed = Symbol('the confirmation e-mail failed');

/** The way to a newsletter's landing page. */
const landingPath = (key: string) => `/n/${encodeURIComponent(key)}`;

/**
 * The answer to the form (or to its resend button): the address the confirmation went to, what
 * to do, and what to do when it does not come: send it again (a form carrying the request's
 * resend token), or subscribe with another address.
 */
function checkInboxPage(newsletter: { key: string; title: string; lang: string }, email: string, resendToken: string, resent: boolean): string {
  const { lang } = newsletter;
  const landing = landingPath(newsletter.key);
  const { emails, windowHours } = constants.audience.confirmationCap;
  const sentTo = resent ? readerText(lang, 'We sent the confirmation e-mail again to:') : readerText(lang, 'We sent the confirmation e-mail to:');
  const validFor = readerText(lang, 'The link is valid for {hours} hours.', { hours: constants.audience.confirmationHours });
  return [
    `<h1>${escapeHtml(readerText(lang, 'Check your inbox'))}</h1>`,
    `<p class="notice">${escapeHtml(sentTo)} <strong>${escapeHtml(email)}</strong></p>`,
    `<p>${escapeHtml(readerText(lang, 'Click the link we sent to your inbox to confirm your subscription.'))} ${escapeHtml(validFor)}</p>`,
    `<h2>${escapeHtml(readerText(lang, 'Did the e-mail not come?'))}</h2>`,
    `<p>${escapeHtml(readerText(lang, 'If it does not come within a few minutes, look in your spam and promotions folders, or send it again.'))}</p>`,
    `<div class="actions"><form method="post" action="${escapeHtml(`${landing}/subscribe/resend`)}"><input type="hidden" name="token" value="${escapeHtml(resendToken)}"><button class="button secondary" type="submit">${escapeHtml(readerText(lang, 'Send the confirmation e-mail again'))}</button></form></div>`,
    `<p class="fine">${escapeHtml(readerText(lang, 'An address gets at most {emails} confirmation e-mails in {hours} hours.', { emails, hours: windowHours }))}</p>`,
    `<p>${escapeHtml(readerText(lang, 'Did you mistype the address?'))} <a href="${escapeHtml(landing)}">${escapeHtml(readerText(lang, 'Subscribe with another address'))}</a>.</p>`,
  ].join('\n');
}

/** The thank-you page's way on: the latest issue to read on the web (or a word that none is out yet), and the newsletter's page. */
function nextReading(newsletter: { key: string; title: string; lang: string }, latest: LatestIssue | null | undefined): string {
  const { lang } = newsletter;
  const landing = landingPath(newsletter.key);
  const home = `<a class="more" href="${escapeHtml(landing)}">${escapeHtml(readerText(lang, 'Go to the page of {title}', { title: newsletter.title }))}</a>`;
  // No plugin answers for issues: nothing to say of them.
  if (latest === undefined) return `<p>${home}</p>`;
  if (latest === null)
    return `<p>${escapeHtml(readerText(lang, 'No issue has been published yet: the first one will come to your inbox when it is out.'))}</p>\n<p>${home}</p>`;
  const date = latest.publishedAt;
  return `<section aria-labelledby="son-sayi">
<h2 id="son-sayi">${escapeHtml(readerText(lang, 'The latest issue'))}</h2>
<p>${escapeHtml(readerText(lang, 'New issues will come to your inbox. While you wait, read the latest one:'))}</p>
<ol class="issues"><li><a href="${escapeHtml(latest.path)}">${escapeHtml(latest.title)}</a><time datetime="${date.toISOString()}">${escapeHtml(readerDate(lang, date))}</time>${latest.preview ? `<p>${escapeHtml(latest.preview)}</p>` : ''}</li></ol>
<div class="actions"><a class="button" href="${escapeHtml(latest.path)}">${escapeHtml(readerText(lang, 'Read the latest issue on the web'))}</a>${home}</div>
</section>`;
}

const confirmParams = {
  type: 'object',
  required: ['key', 'token'],
  properties: { key: keyParams.properties.key, token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

/** A field of a posted form: a string, whatever was posted. */
function textField(body: unknown, key: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
}

/** The form's fields: strings only, whatever was posted. */
function fieldsOf(body: unknown): { email: string; name: string; city: string } {
  return { email: textField(body, 'email'), name: textField(body, 'name'), city: textField(body, 'city') };
}

export function registerSubscribePages(api: PluginApi, db: SubscribersDb, subscriptions: Subscriptions): void {
  const newsletterOf = async (key: string) => {
    const found = await findSubscribableNewsletter(db, key);
    if (!found || found.key.toLowerCase() !== key.toLowerCase()) return null;
    return { ...found, frame: await readerLook(api, found, { form: false }) };
  };
  const send = (reply: FastifyReply, status: number, frame: PublicPageNewsletter | null, content: string) => {
    const newsletter = frame ?? mastheadFrame;
    return sendPrivatePage(reply, status, renderPublicPage({ title: readerText(newsletter.lang, 'Subscription'), newsletter, content, noindex: true }));
  };
  const notice = (title: string, text: string, tone: 'ok' | 'problem' = 'ok') =>
    `<h1>${escapeHtml(title)}</h1>\n<p class="notice"${tone === 'problem' ? ' role="alert"' : ''}>${escapeHtml(text)}</p>`;
  const latestOf = async (newsletterId: string) => {
    const issues = api.extensions.one(latestIssue);
    return issues ? issues.latestOf(newsletterId) : undefined;
  };
  /** Counts a request of the client address as the form's: false past the limit (429). */
  const counted = async (ip: string) => {
    try {
      await subscriptions.countRequest(ip);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return false;
      throw error;
    }
  };
  const tooMany = (reply: FastifyReply, newsletter: { title: string; lang: string; frame: PublicPageNewsletter }) =>
    send(reply, 429, newsletter.frame, notice(newsletter.title, readerText(newsletter.lang, 'Too many attempts. Please try again in a while.'), 'problem'));
  /** What a step that mails the confirmation answers, or `mailFailed` (logged) when the e-mail could not go. */
  const mailing = <T>(newsletterId: string, step: Promise<T>): Promise<T | typeof mailFailed> =>
    step.catch((error: unknown) => {
      api.log.error({ err: error, newsletterId }, 'subscribers: the confirmation e-mail failed');
      return mailFailed;
    });
  const notMailed = (reply: FastifyReply, newsletter: { title: string; lang: string; frame: PublicPageNewsletter }) =>
    send(
      reply,
      503,
      newsletter.frame,
      notice(
        newsletter.title,
        readerText(newsletter.lang, 'We could not send the confirmation e-mail just now. Please try again in a little while.'),
        'problem',
      ),
    );
  /** The answer to an address that names no newsletter readers may subscribe to (the site's default language). */
  const noNewsletter = (reply: FastifyReply) => {
    const { lang } = mastheadFrame;
    return send(reply, 404, null, notice(readerText(lang, 'Subscription'), readerText(lang, 'Newsletter not found.'), 'problem'));
  };

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
      if (!newsletter) return noNewsletter(reply);
      const fields = fieldsOf(request.body);
      if (!(await counted(request.ip))) return tooMany(reply, newsletter);
      const asked = await subscribeFieldsOf(api, newsletter.id);
      const checked = checkSubscribeInput(fields, asked, newsletter.lang);
      if (!checked.ok) {
        return send(reply, 422, newsletter.frame, `${notice(newsletter.title, checked.message, 'problem')}\n${subscribeForm(newsletter, asked, fields)}`);
      }
      const resendToken = await mailing(newsletter.id, subscriptions.request(newsletter, checked, 'web'));
      if (resendToken === mailFailed) return notMailed(reply, newsletter);
      return send(reply, 200, newsletter.frame, checkInboxPage(newsletter, checked.email, resendToken, false));
    },
  });

  api.page<{ key: string }>({
    method: 'POST',
    url: '/n/:key/subscribe/resend',
    schema: {
      params: keyParams,
      response: documentAnswer('text/html; charset=utf-8', 'The page that says the confirmation e-mail went again.'),
      summary:
        "The subscribe answer's resend button (token: the request's resend token, given only on that answer): a new confirmation e-mail to the same address, counted as a subscribe request is (constants.audience.subscribeLimit per client address, 429 past it; constants.audience.confirmationCap per address, the same answer past it). 422 for a token that is not one of the newsletter's, with the subscribe form.",
    },
    async handler(request, reply) {
      const newsletter = await newsletterOf(request.params.key);
      if (!newsletter) return noNewsletter(reply);
      if (!(await counted(request.ip))) return tooMany(reply, newsletter);
      const resent = await mailing(newsletter.id, subscriptions.resend(newsletter, textField(request.body, 'token')));
      if (resent === mailFailed) return notMailed(reply, newsletter);
      if (!resent) {
        const asked = await subscribeFieldsOf(api, newsletter.id);
        return send(
          reply,
          422,
          newsletter.frame,
          `${notice(newsletter.title, readerText(newsletter.lang, 'This request to send again is not valid. Please subscribe again below.'), 'problem')}\n${subscribeForm(newsletter, asked)}`,
        );
      }
      return send(reply, 200, newsletter.frame, checkInboxPage(newsletter, resent.email, resent.token, true));
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
      if (!newsletter || !confirmed) {
        const { lang } = newsletter ?? mastheadFrame;
        const unknown = readerText(lang, 'This confirmation link is not valid or has expired. Please subscribe again.');
        return send(reply, 404, newsletter?.frame ?? null, notice(readerText(lang, 'Subscription'), unknown, 'problem'));
      }
      const latest = await latestOf(newsletter.id);
      const confirmedText = readerText(newsletter.lang, 'Your subscription is confirmed. Welcome!');
      return send(reply, 200, newsletter.frame, `${notice(newsletter.title, confirmedText)}\n${nextReading(newsletter, latest)}`);
    },
  });
}
