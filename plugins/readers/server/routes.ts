/**
 * The readers' pages below a newsletter's address (issue 33 point 1):
 * - GET and POST /n/{key}/signin: the form, and its answer, the same whatever the address; a link
 *   is e-mailed only to a subscriber of the newsletter. Requests are counted per e-mail address and
 *   per client address (the sign-in lockout's counters, core/server/auth/attempts.ts): 429 past them.
 * - GET /n/{key}/signin/{token}: the link's page, one button; POST uses the link (once) and opens a
 *   session with the newsletter's publisher (the cookie mh_reader), then goes to the account.
 * - GET /n/{key}/account: the publisher's published newsletters, subscribed or not; POST
 *   /n/{key}/account/subscriptions changes one through the subscribers plugin; POST /n/{key}/signout.
 * A link that is expired, used, unknown or another newsletter's answers 410 in the newsletter's
 * look. No log line carries a token or an address.
 */
import type { FastifyReply } from 'fastify';
import { addressCounter, addressKey, createAttemptLimiter, type Counter } from '../../../core/server/auth/attempts';
import { HttpError } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { mastheadFrame } from '../../../core/server/public-page';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { newslettersOfPublisher } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { subscribeProven, subscriberCounts, unsubscribe } from '../../subscribers/server/public';
import { accountNotes } from './account-notes';
import { accountPage, confirmPage, fieldOf, goTo, noticePage, readerPath, sendReaderPage, signInPage, type AccountNewsletter } from './pages';
import { readerText } from './reader-words';
import { readerNewsletter, type ReaderNewsletter } from './public';
import { clearReaderCookie, csrfMatches, csrfTokenOf, readerOf, sessionOf, setReaderCookie } from './session';
import { sendSignInMail } from './sign-in-mail';
import {
  closeReaderSession,
  consumeSignInLink,
  createSignInLink,
  openReaderSession,
  signInLinkUsable,
  subscribes,
  type ReaderSession,
  type ReadersDb,
} from './store';

const tokenParams = {
  type: 'object',
  required: ['key', 'token'],
  properties: { key: keyParams.properties.key, token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

/** The longest e-mail address a form takes (RFC 5321's path limit). */
const emailMaxLength = 254;

const page = (description: string) => documentAnswer('text/html; charset=utf-8', description);
const redirect = (description: string) => ({ 303: { description, type: 'null' } });

export function registerReaderPages(api: PluginApi, db: ReadersDb): void {
  registerSignInForm(api, db);
  registerSignInLink(api, db);
  registerAccountPages(api, db);
  registerSignOut(api, db);
}

/** GET and POST /n/{key}/signin: the form, and the link it e-mails to a subscriber. */
function registerSignInForm(api: PluginApi, db: ReadersDb): void {
  const limiter = createAttemptLimiter(api.db);
  const { signInLimits } = constants.readers;

  api.page<{ key: string }>({
    url: '/n/:key/signin',
    schema: {
      params: keyParams,
      response: page("The sign-in form of the newsletter's readers."),
      summary: "The readers' sign-in form: an e-mail address, to be sent a sign-in link.",
    },
    async handler(request, reply) {
      const newsletter = await readerNewsletter(api, request.params.key);
      if (!newsletter) return notFound(reply);
      return sendReaderPage(reply, 200, newsletter.frame, readerText(newsletter.lang, 'Reader sign-in'), signInPage(newsletter));
    },
  });

  api.page<{ key: string }>({
    method: 'POST',
    url: '/n/:key/signin',
    schema: {
      params: keyParams,
      response: page('The page that asks the reader to open the link from their inbox.'),
      summary: `The sign-in form (email): e-mails a sign-in link (${constants.readers.signInLinkMinutes} minutes, once) when the address subscribes to the newsletter; the same answer for any address. 422 for an empty address, 429 past constants.readers.signInLimits per e-mail address or client address.`,
    },
    async handler(request, reply) {
      const newsletter = await readerNewsletter(api, request.params.key);
      if (!newsletter) return notFound(reply);
      const email = fieldOf(request.body, 'email').trim().toLowerCase();
      const { lang } = newsletter;
      const title = readerText(lang, 'Reader sign-in');
      if (!email || email.length > emailMaxLength || !email.includes('@')) {
        return sendReaderPage(
          reply,
          422,
          newsletter.frame,
          title,
          signInPage(newsletter, readerText(lang, 'Please enter a valid e-mail address.'), email.slice(0, emailMaxLength)),
        );
      }
      // Every request counts, subscriber or not, on the lockout's counters under keys of their own.
      const counters: Counter[] = [
        { ...addressCounter(request.ip, signInLimits.address), key: `reader-signin:address:${addressKey(request.ip)}` },
        { key: `reader-signin:email:${email}`, policy: signInLimits.email, onSuccess: 'uncount' },
      ];
      try {
        await limiter.begin(counters);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429)
          return sendReaderPage(
            reply,
            429,
            newsletter.frame,
            title,
            noticePage(title, readerText(lang, 'Too many attempts. Please try again in a while.'), 'problem'),
          );
        throw error;
      }
      if (await subscribes(api.db, newsletter.id, email)) {
        const token = await createSignInLink(db, newsletter.id, email);
        // A failed e-mail answers the same page: another answer would tell who subscribes.
        await sendSignInMail(api, newsletter, email, token).catch((error: unknown) =>
          api.log.error({ err: error, newsletterId: newsletter.id }, 'readers: the sign-in e-mail failed'),
        );
      }
      const sent = readerText(
        lang,
        'If this address subscribes to the newsletter, we sent the sign-in link to its inbox. The link is valid for {minutes} minutes and can be used once.',
        { minutes: constants.readers.signInLinkMinutes },
      );
      return sendReaderPage(reply, 200, newsletter.frame, title, noticePage(title, sent, 'ok', { href: readerPath(newsletter.key), label: newsletter.title }));
    },
  });
}

/** GET and POST /n/{key}/signin/{token}: the link's page, and using the link. */
function registerSignInLink(api: PluginApi, db: ReadersDb): void {
  api.page<{ key: string; token: string }>({
    url: '/n/:key/signin/:token',
    schema: {
      params: tokenParams,
      response: page('The page of a sign-in link, with the button that uses it.'),
      summary:
        "A sign-in link: a page with one button that posts it (opening the link uses nothing, so a mail scanner cannot burn it). 410 for a link that is expired, used, unknown or another newsletter's.",
    },
    async handler(request, reply) {
      const newsletter = await readerNewsletter(api, request.params.key);
      if (!newsletter) return notFound(reply);
      if (!(await signInLinkUsable(db, newsletter.id, request.params.token))) return linkInvalid(reply, newsletter);
      return sendReaderPage(reply, 200, newsletter.frame, readerText(newsletter.lang, 'Reader sign-in'), confirmPage(newsletter, request.params.token));
    },
  });

  api.page<{ key: string; token: string }>({
    method: 'POST',
    url: '/n/:key/signin/:token',
    schema: {
      params: tokenParams,
      response: { ...page('The page of a link that can no longer sign in (410).'), ...redirect("To the reader's account, signed in.") },
      summary: `Uses a sign-in link (once) and opens a reader session with the newsletter's publisher for ${constants.readers.sessionDays} days: the cookie mh_reader (HttpOnly, SameSite=Lax). 410 for a link that is expired, used, unknown or another newsletter's.`,
    },
    async handler(request, reply) {
      const newsletter = await readerNewsletter(api, request.params.key);
      if (!newsletter) return notFound(reply);
      const email = await consumeSignInLink(db, newsletter.id, request.params.token);
      if (!email) return linkInvalid(reply, newsletter);
      const previous = await sessionOf(db, request);
      if (previous) await closeReaderSession(db, previous.id);
      setReaderCookie(reply, api.env, await openReaderSession(db, newsletter.publisher_id, email));
      return goTo(reply, readerPath(newsletter.key, '/account'));
    },
  });
}

/** GET /n/{key}/account and POST /n/{key}/account/subscriptions: a signed-in reader's newsletters. */
function registerAccountPages(api: PluginApi, db: ReadersDb): void {
  api.page<{ key: string }>({
    url: '/n/:key/account',
    schema: {
      params: keyParams,
      response: {
        ...page("The signed-in reader's account: the publisher's newsletters, subscribed or not."),
        ...redirect('To the sign-in form, when no reader of the publisher is signed in.'),
      },
      summary:
        "A signed-in reader's account (the cookie mh_reader of the newsletter's publisher): the address, each published newsletter of the publisher with a button to subscribe or unsubscribe, and signing out. Without a session, to /n/{key}/signin.",
    },
    async handler(request, reply) {
      const newsletter = await readerNewsletter(api, request.params.key);
      if (!newsletter) return notFound(reply);
      const reader = await readerOf(db, request, newsletter.publisher_id);
      if (!reader) return goTo(reply, readerPath(newsletter.key, '/signin'));
      return sendReaderPage(
        reply,
        200,
        newsletter.frame,
        readerText(newsletter.lang, 'My account'),
        accountPage(newsletter, reader, csrfTokenOf(api.links, reader), await newslettersOf(api, reader, newsletter.lang)),
      );
    },
  });

  api.page<{ key: string }>({
    method: 'POST',
    url: '/n/:key/account/subscriptions',
    schema: {
      params: keyParams,
      response: {
        ...page("The page of a refused change (403 without the form's token, 404 for a newsletter not offered)."),
        ...redirect('Back to the account, changed.'),
      },
      summary:
        "Changes a signed-in reader's subscription (csrf, newsletter: an id, change: subscribe or unsubscribe) through the subscribers plugin, source web: subscribing needs no confirmation, as the address is proven, and sends the welcome e-mail. 403 without the session's form token; without a session, to /n/{key}/signin.",
    },
    async handler(request, reply) {
      const newsletter = await readerNewsletter(api, request.params.key);
      if (!newsletter) return notFound(reply);
      const reader = await readerOf(db, request, newsletter.publisher_id);
      if (!reader) return goTo(reply, readerPath(newsletter.key, '/signin'));
      if (!csrfMatches(api.links, reader, fieldOf(request.body, 'csrf'))) return formExpired(reply, newsletter);
      const target = (await newslettersOf(api, reader, newsletter.lang)).find((item) => item.id === fieldOf(request.body, 'newsletter'));
      const change = fieldOf(request.body, 'change');
      if (!target || (change !== 'subscribe' && change !== 'unsubscribe')) return notFound(reply);
      if (change === 'subscribe') await subscribeProven(api, api.db, target, reader.email, 'web');
      else await unsubscribe(api.db, target.id, reader.email, 'web');
      return goTo(reply, readerPath(newsletter.key, '/account'));
    },
  });
}

/** POST /n/{key}/signout. */
function registerSignOut(api: PluginApi, db: ReadersDb): void {
  api.page<{ key: string }>({
    method: 'POST',
    url: '/n/:key/signout',
    schema: {
      params: keyParams,
      response: page("The page that says the reader has signed out (403 without the form's token)."),
      summary: "Signs the reader out (csrf): ends the session and clears the cookie mh_reader. 403 without the session's form token.",
    },
    async handler(request, reply) {
      const newsletter = await readerNewsletter(api, request.params.key);
      if (!newsletter) return notFound(reply);
      const reader = await sessionOf(db, request);
      if (reader && !csrfMatches(api.links, reader, fieldOf(request.body, 'csrf'))) return formExpired(reply, newsletter);
      if (reader) await closeReaderSession(db, reader.id);
      clearReaderCookie(reply, api.env);
      const { lang } = newsletter;
      const signedOut = readerText(lang, 'You have signed out. Your reader account is no longer open in this browser.');
      return sendReaderPage(
        reply,
        200,
        newsletter.frame,
        readerText(lang, 'Sign out'),
        noticePage(readerText(lang, 'Sign out'), signedOut, 'ok', { href: readerPath(newsletter.key), label: newsletter.title }),
      );
    },
  });
}

/**
 * The publisher's newsletters a reader may subscribe to (the published ones), whether the reader
 * does, and what other plugins say of each, in the language of the page that shows them (`lang`).
 */
async function newslettersOf(api: PluginApi, reader: ReaderSession, lang: string): Promise<AccountNewsletter[]> {
  const newsletters = await newslettersOfPublisher(api.db, reader.publisherId, { published: true, subscriberCounts: subscriberCounts(api.db) });
  const noted = await Promise.all(api.extensions.all(accountNotes).map((contributor) => contributor.notesOf(reader, newsletters, lang)));
  return Promise.all(
    newsletters.map(async (item) => ({
      id: item.id,
      key: item.key,
      title: item.title,
      subtitle: item.subtitle,
      lang: item.lang,
      subscribed: await subscribes(api.db, item.id, reader.email),
      notes: noted.flatMap((notes) => notes.get(item.id) ?? []),
    })),
  );
}

/** The answer to an address that names no published newsletter (the site's default language). */
const notFound = (reply: FastifyReply) => {
  const { lang } = mastheadFrame;
  const title = readerText(lang, 'Reader sign-in');
  return sendReaderPage(reply, 404, mastheadFrame, title, noticePage(title, readerText(lang, 'Newsletter not found.'), 'problem'));
};
const linkInvalid = (reply: FastifyReply, newsletter: ReaderNewsletter) => {
  const { lang } = newsletter;
  const title = readerText(lang, 'Reader sign-in');
  return sendReaderPage(
    reply,
    410,
    newsletter.frame,
    title,
    noticePage(title, readerText(lang, 'This sign-in link is no longer valid: it has expired or has been used already.'), 'problem', {
      href: readerPath(newsletter.key, '/signin'),
      label: readerText(lang, 'Ask for a new sign-in link'),
    }),
  );
};
const formExpired = (reply: FastifyReply, newsletter: ReaderNewsletter) => {
  const { lang } = newsletter;
  const title = readerText(lang, 'My account');
  return sendReaderPage(
    reply,
    403,
    newsletter.frame,
    title,
    noticePage(title, readerText(lang, 'This form has expired. Please refresh the page and try again.'), 'problem', {
      href: readerPath(newsletter.key, '/account'),
      label: title,
    }),
  );
};
