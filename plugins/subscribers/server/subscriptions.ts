/**
 * Readers subscribing themselves (issue 15 point 1): double opt-in. A request (the landing page's
 * form, or an app) is kept in subscription_requests and answered with a confirmation e-mail whose
 * link carries the request's id, signed; the link makes the subscriber and sends the newsletter's
 * welcome e-mail. Nothing here tells whether an address subscribes already: every request gets the
 * same answer, and an address that subscribes gets the same confirmation e-mail (confirming it
 * changes nothing). Requests are limited per client address (constants.audience.subscribeLimit), and
 * the e-mails per recipient (confirmationCap): whoever asks from however many addresses, one
 * address gets a few confirmation e-mails a day from a newsletter, not a flood.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { addressCounter, addressKey, createAttemptLimiter, type AttemptLimiter, type Counter } from '../../../core/server/auth/attempts';
import type { AppContext } from '../../../core/server/plugins/contract';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { renderNewsletterMessage, withReaderName, type NewsletterMessage, type RenderedMessage } from '../../../core/server/email/message';
import { newsletterEmailDesign } from '../../newsletters/server/public';
import { newsletterSender, newsletterWelcome } from '../../settings/server/public';
import { escapeHtml } from '../../../core/shared/text';
import { emailPattern, maxLength } from './csv-import';
import { changeSubscription, type SubscribersDb } from './store';
import type { SubscriptionSource } from './tables';
import { payingEmailsOf } from './subscriber-plans';
import { readerText } from './reader-words';
import type { SubscribeFieldChoice } from '../../../schemas/generated/api/web-design';
import { clock } from '../../../core/server/clock';

/** What the reader typed, as received (a form's fields or an app's body). */
export interface SubscribeInput {
  email: string;
  name?: string;
  city?: string;
}

/** What the newsletter's subscribe form asks besides the e-mail address (its web design, decision 0038). */
export interface SubscribeFields {
  name: SubscribeFieldChoice;
  city: SubscribeFieldChoice;
}

export interface SubscribingNewsletter {
  id: string;
  key: string;
  title: string;
  lang: string;
}

/**
 * The problem with a reader's input (in the newsletter's language `lang`, shown on the page), or
 * the clean values, as the newsletter's form asks (`fields`): a field it requires must be given,
 * one it does not ask is left empty whatever was sent.
 */
export function checkSubscribeInput(
  input: SubscribeInput,
  fields: SubscribeFields,
  lang: string,
): { ok: true; email: string; name: string; city: string } | { ok: false; message: string; path: string } {
  const email = input.email.trim().toLowerCase();
  const name = fields.name === 'hidden' ? '' : (input.name ?? '').trim();
  const city = fields.city === 'hidden' ? '' : (input.city ?? '').trim();
  const problem = (message: string, path: string) => ({ ok: false as const, message, path });
  if (email.length > maxLength.email || !emailPattern.test(email)) return problem(readerText(lang, 'Please enter a valid e-mail address.'), 'email');
  if (!name && fields.name === 'required') return problem(readerText(lang, 'Please enter your name.'), 'name');
  if (name.length > maxLength.name) return problem(readerText(lang, 'Your name can be at most {max} characters long.', { max: maxLength.name }), 'name');
  if (!city && fields.city === 'required') return problem(readerText(lang, 'Please enter your city.'), 'city');
  if (city.length > maxLength.city) return problem(readerText(lang, 'Your city can be at most {max} characters long.', { max: maxLength.city }), 'city');
  return { ok: true, email, name, city };
}

/**
 * The mailbox an address delivers to, as the confirmation cap counts it: most providers deliver
 * 'me+anything@' to 'me@' (sub-addressing), and Gmail ignores the dots of its names, so varying
 * them would otherwise dodge the cap.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1).toLowerCase();
  const local = email.slice(0, at).toLowerCase().split('+')[0]!;
  return domain === 'gmail.com' || domain === 'googlemail.com' ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
}

/** The prefix of a confirmation token's signed value: a subscriber's unsubscribe token is never a confirmation, nor the reverse. */
const confirmPrefix = 'confirm-';

/**
 * A resend token: the newsletter, the request and the address it was made for, signed. It is
 * handed only to whoever made the request (the page answering the form) and asks for nothing the
 * form would not: a new request for the same address, counted like one.
 */
const resendPrefix = 'resend~';

function resendValue(newsletterId: string, requestId: string, email: string): string {
  return `${resendPrefix}${newsletterId}~${requestId}~${Buffer.from(email, 'utf8').toString('base64url')}`;
}

function readResendValue(value: string | null): { newsletterId: string; requestId: string; email: string } | null {
  const parts = value?.startsWith(resendPrefix) ? value.slice(resendPrefix.length).split('~') : [];
  if (parts.length !== 3) return null;
  const [newsletterId, requestId, encoded] = parts as [string, string, string];
  return { newsletterId, requestId, email: Buffer.from(encoded, 'base64url').toString('utf8') };
}

export interface Subscriptions {
  /**
   * Counts one subscribe request of a client address (the landing form and the app route share
   * the count, constants.audience.subscribeLimit); throws 429 { msg } past the limit. The address
   * is request.ip: the core decides which proxies to trust, never a header read here.
   */
  countRequest(ip: string): Promise<void>;
  /**
   * Keeps the request and sends its confirmation e-mail; past constants.audience.confirmationCap
   * for the address, does neither and answers the same (the form tells nobody what happened).
   * Answers the request's resend token (see `resend`), the same kind of token either way.
   */
  request(newsletter: SubscribingNewsletter, reader: { email: string; name: string; city: string }, source: SubscriptionSource): Promise<string>;
  /**
   * Sends the confirmation e-mail of a request again (the subscribe answer's button): a new request
   * for the token's address with the name and city first given, under the same cap as any request
   * (the caller counts the client address as for the form). Answers the address and the new
   * request's token, or null for a token that is not one of this newsletter's.
   */
  resend(newsletter: SubscribingNewsletter, token: string): Promise<{ email: string; token: string } | null>;
  /** The request of a confirmation link, made a subscription (once); null for an unknown, forged or expired link. */
  confirm(newsletterKey: string, token: string): Promise<{ newsletterId: string } | null>;
}

export function createSubscriptions(context: Pick<AppContext, 'db' | 'mail' | 'links' | 'env' | 'log' | 'extensions'>, db: SubscribersDb): Subscriptions {
  const limiter: AttemptLimiter = createAttemptLimiter(context.db);
  const hours = constants.audience.confirmationHours;

  const subscriptions: Subscriptions = {
    async countRequest(ip) {
      // The sign-in lockout's counter (core/server/auth/attempts.ts), under a key of its own; a
      // request is never taken back, so every one counts.
      const counter: Counter = { ...addressCounter(ip, constants.audience.subscribeLimit), key: `subscribe:${addressKey(ip)}` };
      await limiter.begin([counter]);
    },

    async request(newsletter, reader, source) {
      const id = randomUUID();
      const cap = constants.audience.confirmationCap;
      const recipient = mailboxOf(reader.email);
      // The cap's window is a rate limit over created_at (the database's time), not a product date: real time.
      const counted = sql<Date>`now() - ${cap.windowHours}::float8 * interval '1 hour'`;
      const kept = await db.transaction().execute(async (tx) => {
        // Requests for one mailbox wait for each other, in every process, so that two arriving
        // together cannot both pass the cap below.
        await sql`select pg_advisory_xact_lock(hashtext(${`subscribe:${newsletter.id}:${recipient}`}))`.execute(tx);
        // Expired requests go as new ones come (the index on expires_at makes it a short range);
        // those still inside the cap's window stay, as they count.
        await tx.deleteFrom('subscription_requests').where('expires_at', '<', clock.now()).where('created_at', '<', counted).execute();
        const recent = await tx
          .selectFrom('subscription_requests')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('newsletter_id', '=', newsletter.id)
          .where('recipient', '=', recipient)
          .where('created_at', '>', counted)
          .executeTakeFirstOrThrow();
        // A request past the cap is not kept either: it would have no e-mail, and an attack would grow the table.
        if (Number(recent.count) >= cap.emails) return false;
        await tx
          .insertInto('subscription_requests')
          .values({
            id,
            newsletter_id: newsletter.id,
            email: reader.email,
            name: reader.name,
            city: reader.city,
            source,
            recipient,
            expires_at: new Date(clock.ms() + hours * 3_600_000),
          })
          .execute();
        return true;
      });
      const resendToken = context.links.sign(resendValue(newsletter.id, id, reader.email));
      if (!kept) {
        // Without the address: a log line is no place for a reader's e-mail.
        context.log.warn({ newsletterId: newsletter.id }, 'subscribers: confirmation e-mails to one mailbox reached the cap; none sent');
        return resendToken;
      }
      // A request whose e-mail then fails still counts: the cap errs on the side of the recipient.
      const link = `${context.env.publicUrl}/n/${encodeURIComponent(newsletter.key)}/confirm/${context.links.sign(`${confirmPrefix}${id}`)}`;
      const { lang } = newsletter;
      const message = await readerMessage(context, db, newsletter.id, {
        title: readerText(lang, 'Confirm your subscription'),
        // The name is asked only where the newsletter wants it: without one, the greeting is a plain 'Hello,'.
        bodyHtml: `<p>${escapeHtml(reader.name ? readerText(lang, 'Hello {name},', { name: reader.name }) : readerText(lang, 'Hello,'))}</p><p>${escapeHtml(
          `${readerText(lang, 'You entered this address to subscribe to {title}.', { title: newsletter.title })} ${readerText(lang, 'Open this link to confirm your subscription:')}`,
        )}</p>`,
        button: { label: readerText(lang, 'Confirm my subscription'), url: link },
        closingHtml: `<p>${escapeHtml(readerText(lang, 'If it was not you, ignore this e-mail: a request that is not confirmed is deleted after {hours} hours.', { hours }))}</p>`,
        footer: { lines: [readerText(lang, 'This e-mail was sent to {email}.', { email: reader.email })], links: [] },
      });
      await context.mail.send({
        to: reader.email,
        ...(await newsletterSender(db, newsletter, context.mail.from)),
        subject: readerText(lang, '{title}: confirm your subscription', { title: newsletter.title }),
        ...message,
      });
      return resendToken;
    },

    async resend(newsletter, token) {
      const asked = readResendValue(context.links.verify(token));
      if (!asked || asked.newsletterId !== newsletter.id) return null;
      // The name and city first given, while the request is kept (the cap may have kept none).
      const earlier = await db
        .selectFrom('subscription_requests')
        .select(['name', 'city', 'source'])
        .where('id', '=', asked.requestId)
        .where('newsletter_id', '=', newsletter.id)
        .executeTakeFirst();
      const reader = { email: asked.email, name: earlier?.name ?? '', city: earlier?.city ?? '' };
      return { email: asked.email, token: await subscriptions.request(newsletter, reader, earlier?.source ?? 'web') };
    },

    async confirm(newsletterKey, token) {
      const value = context.links.verify(token);
      if (!value?.startsWith(confirmPrefix)) return null;
      const request = await db
        .selectFrom('subscription_requests')
        .select(['id', 'email', 'name', 'city', 'source', 'confirmed_at', 'newsletter_id'])
        .where('id', '=', value.slice(confirmPrefix.length))
        .where('expires_at', '>', clock.now())
        .executeTakeFirst();
      const newsletter = request && (await findNewsletter(db, request.newsletter_id));
      const pending = request && newsletter && { ...request, key: newsletter.key, title: newsletter.title, lang: newsletter.lang };
      if (!pending || pending.key.toLowerCase() !== newsletterKey.toLowerCase()) return null;
      // A second click on the link (or a mail scanner's first): the subscription is made already.
      if (pending.confirmed_at) return { newsletterId: pending.newsletter_id };
      const made = await changeSubscription(db, {
        type: 'subscription',
        newsletterId: pending.newsletter_id,
        email: pending.email,
        name: pending.name,
        city: pending.city,
        source: pending.source,
        payingEmails: payingEmailsOf(context.extensions, pending.newsletter_id),
      });
      await db.updateTable('subscription_requests').set({ confirmed_at: clock.now() }).where('id', '=', pending.id).execute();
      // Only a new subscriber is welcomed: an address that subscribed already had its welcome.
      if (made?.changed) {
        await sendWelcome(
          context,
          db,
          { id: pending.newsletter_id, title: pending.title, lang: pending.lang },
          { id: made.subscriberId, email: pending.email, name: pending.name },
        ).catch((error: unknown) => context.log.error({ err: error, newsletterId: pending.newsletter_id }, 'subscribers: the welcome e-mail failed'));
      }
      return { newsletterId: pending.newsletter_id };
    },
  };
  return subscriptions;
}

/**
 * Subscribes an address its owner has proven (a signed-in reader, plugins/readers): no
 * confirmation e-mail, the same subscription, event and counts as a confirmed request, and the
 * welcome e-mail when it is new; answers whether it is new.
 */
export async function subscribeProven(
  context: Pick<AppContext, 'mail' | 'links' | 'env' | 'log' | 'extensions'>,
  db: SubscribersDb,
  newsletter: { id: string; title: string; lang: string },
  email: string,
  source: SubscriptionSource,
): Promise<boolean> {
  const made = await changeSubscription(db, {
    type: 'subscription',
    newsletterId: newsletter.id,
    email,
    name: '',
    city: '',
    source,
    payingEmails: payingEmailsOf(context.extensions, newsletter.id),
  });
  if (!made?.changed) return false;
  await sendWelcome(context, db, newsletter, { id: made.subscriberId, email, name: '' }).catch((error: unknown) =>
    context.log.error({ err: error, newsletterId: newsletter.id }, 'subscribers: the welcome e-mail failed'),
  );
  return true;
}

/**
 * A message to a newsletter's reader in the newsletter's e-mail design (the core's renderer, the
 * same frame as its issues; the design through the newsletters plugin's newsletterLook): its HTML
 * and text parts.
 */
async function readerMessage(
  context: Pick<AppContext, 'env' | 'extensions'>,
  db: SubscribersDb,
  newsletterId: string,
  content: Pick<NewsletterMessage, 'title' | 'preview' | 'bodyHtml' | 'button' | 'closingHtml' | 'footer'>,
): Promise<RenderedMessage> {
  const [newsletter, design] = await Promise.all([
    findNewsletter(db, newsletterId),
    newsletterEmailDesign({ db, extensions: context.extensions }, newsletterId),
  ]);
  if (!newsletter) throw new Error(`Newsletter ${newsletterId} does not exist.`);
  return renderNewsletterMessage({
    ...content,
    newsletter: { title: newsletter.title, key: newsletter.key, lang: newsletter.lang, color: newsletter.color },
    design,
    publicUrl: context.env.publicUrl,
  });
}

/**
 * The welcome e-mail of a new subscriber: the newsletter's welcome issue (its intro sanitized
 * again, since it is sent as HTML) in the newsletter's e-mail design, with the personal
 * unsubscribe link and one-click unsubscribe headers (RFC 8058) as every issue has. A newsletter
 * without one sends a short greeting.
 */
async function sendWelcome(
  context: Pick<AppContext, 'mail' | 'links' | 'env' | 'extensions'>,
  db: SubscribersDb,
  newsletter: { id: string; title: string; lang: string },
  subscriber: { id: string; email: string; name: string },
): Promise<void> {
  const { lang } = newsletter;
  const welcome = (await newsletterWelcome(db, newsletter.id)) ?? {
    subject: readerText(lang, 'Welcome to {title}', { title: newsletter.title }),
    preview: '',
    intro: {
      html: `<p>${escapeHtml(readerText(lang, 'Your subscription is confirmed. {title} will come to your inbox with every new issue.', { title: newsletter.title }))}</p>`,
    },
  };
  const unsubscribeUrl = `${context.env.publicUrl}/u/${context.links.sign(subscriber.id)}`;
  const message = await readerMessage(context, db, newsletter.id, {
    title: welcome.subject,
    // The preview is the inbox's line under the subject: hidden in the body, read first by mail clients.
    ...(welcome.preview ? { preview: welcome.preview } : {}),
    // 'Merhaba [[name]],' greets the reader by the name they gave, or reads 'Merhaba,'.
    bodyHtml: withReaderName(welcome.intro.html, subscriber.name),
    footer: {
      lines: [readerText(lang, 'This e-mail was sent to {email}.', { email: subscriber.email })],
      links: [{ label: readerText(lang, 'Unsubscribe'), url: unsubscribeUrl }],
    },
  });
  await context.mail.send({
    to: subscriber.email,
    ...(await newsletterSender(db, newsletter, context.mail.from)),
    subject: welcome.subject,
    ...message,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}
