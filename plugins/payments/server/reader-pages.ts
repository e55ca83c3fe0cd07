/**
 * The reader's side of paid plans, below a newsletter's address (in its language, as the reader pages are):
 * - GET /n/{key}/premium: the newsletter's plans and prices; for a signed-in reader a button per
 *   plan that opens Stripe Checkout, for a payer the subscription's state and the customer portal;
 *   for anyone else the way to sign in first (a link is e-mailed only to a subscriber).
 * - POST /n/{key}/premium/checkout (csrf, plan): a Checkout session for the reader's address, the
 *   newsletter and the plan named on it and on its subscription, so that the webhook knows them.
 * - POST /n/{key}/premium/portal (csrf): Stripe's customer portal (cancel, change the card).
 * The landing page offers the plans too. With no Stripe keys or no price, nothing is offered.
 */
import type { FastifyReply } from 'fastify';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { mastheadFrame, type PublicPageNewsletter } from '../../../core/server/public-page';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { findNewsletter } from '../../../core/server/store';
import { readerDate, readerMoney, readerPercent } from '../../../core/server/reader-words';
import { escapeHtml } from '../../../core/shared/text';
import { addPublicSection } from '../../dashboards/server/public';
import {
  type AccountNote,
  accountNotes,
  buttonForm,
  fieldOf,
  goTo,
  noticePage,
  readerFormValid,
  readerNewsletter,
  type ReaderNewsletter,
  readerPath,
  readerWithForm,
  sendReaderPage,
  signedInReader,
} from '../../readers/server/public';
import { premiumAccess } from '../../stories/server/public';
import {
  findAccount,
  findPlans,
  pays,
  payingEmails,
  payingStatuses,
  paymentsDb,
  readerGrant,
  readerSubscription,
  type NewsletterPlansRow,
  type PaidSubscriptionRow,
  type PaymentsDb,
} from './store';
import { readerText } from './reader-words';
import { recordProblem } from './problems';
import { publisherStripe, stripeReason } from './stripe';
import type { Plan } from './tables';

/** The plans as the reader reads them: their name, their period, their button. */
const planWords = (lang: string): Record<Plan, { name: string; per: string; choose: string }> => ({
  monthly: { name: readerText(lang, 'Monthly'), per: readerText(lang, 'month'), choose: readerText(lang, 'Subscribe monthly') },
  yearly: { name: readerText(lang, 'Yearly'), per: readerText(lang, 'year'), choose: readerText(lang, 'Subscribe yearly') },
});

/** What premium gives here, as the stories plugin's premium access makes it: premium stories whole
 * on the pages for a signed-in payer and in the payers' copy of each issue e-mail; Stripe's
 * customer portal (the 'manage' button) to change the card or cancel. */
const includedLines = (lang: string) => [
  readerText(lang, 'You read premium stories whole on the site, signed in as a reader, never cut short.'),
  readerText(lang, "Every issue's e-mail comes whole, with its premium stories."),
  readerText(lang, 'You manage your subscription and your card yourself, and cancel whenever you like.'),
];

/** A price as the reader reads it, in the newsletter's language: '₺49,00 / ay', '₺49.00 / month'. */
export function priceText(lang: string, amount: number, currency: string, plan?: Plan): string {
  const money = readerMoney(lang, amount, currency);
  return plan ? `${money} / ${planWords(lang)[plan].per}` : money;
}

/**
 * What the yearly plan saves against twelve monthly payments, or null when it saves nothing (or
 * one of the plans is not offered): the amount, its share, and the months it gives free when the
 * saving is a whole number of months.
 */
export function yearlySaving(monthly: number | null, yearly: number | null): { amount: number; share: number; monthsFree: number | null } | null {
  if (monthly === null || yearly === null || monthly <= 0) return null;
  const amount = 12 * monthly - yearly;
  // Less than one percent is no saving worth a line.
  if (amount <= 0 || amount / (12 * monthly) < 0.01) return null;
  return { amount, share: amount / (12 * monthly), monthsFree: amount % monthly === 0 ? amount / monthly : null };
}

/** A plan as the premium page shows it: its price, the yearly plan's monthly figure and saving, and its button when the reader may choose it. */
function planCard(lang: string, plans: NewsletterPlansRow, plan: Plan, button: string): string {
  const amount = amountOf(plans, plan)!;
  const money = (value: number) => priceText(lang, value, plans.currency);
  const words = planWords(lang)[plan];
  const lines = [`<h3>${escapeHtml(words.name)}</h3>`, `<p class="price"><strong>${escapeHtml(money(amount))}</strong> / ${escapeHtml(words.per)}</p>`];
  if (plan === 'yearly') {
    const saving = yearlySaving(plans.monthly_amount, plans.yearly_amount);
    const percent = saving ? readerPercent(lang, saving.share) : '';
    if (saving) {
      const badge =
        saving.monthsFree === null
          ? readerText(lang, 'Save {percent}', { percent })
          : saving.monthsFree === 1
            ? readerText(lang, '1 month free')
            : readerText(lang, '{months} months free', { months: saving.monthsFree });
      lines.push(`<p class="badge">${escapeHtml(badge)}</p>`);
    }
    lines.push(`<p class="price">${escapeHtml(readerText(lang, '{price} a month', { price: money(Math.round(amount / 12)) }))}</p>`);
    if (saving) {
      const less = readerText(lang, '{amount} ({percent}) less a year than 12 monthly payments.', { amount: money(saving.amount), percent });
      lines.push(`<p class="saving">${escapeHtml(less)}</p>`);
    }
  }
  return `<li class="plan">${lines.join('')}${button}</li>`;
}

/** The plans a newsletter offers now: its priced ones, when its publisher has Stripe keys. */
async function offeredPlans(db: PaymentsDb, newsletter: { id: string; publisher_id: string }): Promise<{ plans: NewsletterPlansRow; offered: Plan[] } | null> {
  const [plans, account] = await Promise.all([findPlans(db, newsletter.id), findAccount(db, newsletter.publisher_id)]);
  if (!plans || !account) return null;
  const offered = (['monthly', 'yearly'] as const).filter((plan) => amountOf(plans, plan) !== null);
  return offered.length > 0 ? { plans, offered } : null;
}

const amountOf = (plans: NewsletterPlansRow, plan: Plan) => (plan === 'monthly' ? plans.monthly_amount : plans.yearly_amount);

/** The offer as the landing page and the reader's account show it: 'Premium abonelik: ₺49,00 / ay', by the cheapest plan. */
function offerText(lang: string, offer: { plans: NewsletterPlansRow; offered: Plan[] }): string {
  const cheapest = offer.offered.map((plan) => ({ plan, amount: amountOf(offer.plans, plan)! })).sort((a, b) => a.amount - b.amount)[0]!;
  return readerText(lang, 'Premium subscription: {price}', { price: priceText(lang, cheapest.amount, offer.plans.currency, cheapest.plan) });
}

/** Where Checkout and the customer portal live: the premium page's forms end there. */
const stripePages = ['https://checkout.stripe.com', 'https://billing.stripe.com'];

export function registerReaderPayments(api: PluginApi, db: PaymentsDb): void {
  registerPremiumPage(api, db);
  registerStripeForms(api, db);
  registerPremiumOffers(api, db);
}

/** GET /n/{key}/premium: the plans, and what the reader may do with them. */
function registerPremiumPage(api: PluginApi, db: PaymentsDb): void {
  // A form's redirect must be allowed by the page that holds it (CSP form-action): the premium page lets its forms reach Stripe.
  const formTargets = [...stripePages, ...(api.env.stripeApiUrl ? [new URL(api.env.stripeApiUrl).origin] : [])].join(' ');
  const allowStripeForms = (reply: FastifyReply) => {
    // helmet writes the policy on the raw response as the request comes in.
    const policy = reply.raw.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.raw.setHeader('content-security-policy', policy.replace(/form-action [^;]*/, `form-action 'self' ${formTargets}`));
  };

  api.page<{ key: string }>({
    url: '/n/:key/premium',
    schema: {
      params: keyParams,
      querystring: { type: 'object', properties: { checkout: { type: 'string', maxLength: 20 } } },
      response: documentAnswer('text/html; charset=utf-8', "The newsletter's paid plans, and the reader's subscription."),
      summary:
        "A newsletter's paid plans with their prices: for a signed-in reader a button per plan to Stripe Checkout (or, for a payer, the subscription's state and the customer portal); for anyone else the way to sign in. 404 when the newsletter offers no plan.",
    },
    async handler(request, reply) {
      const newsletter = await readerNewsletter(api, request.params.key);
      if (!newsletter) return notFound(reply);
      const { lang } = newsletter;
      const offer = await offeredPlans(db, newsletter);
      if (!offer) return notice(reply, 404, newsletter, readerText(lang, 'This newsletter offers no paid subscription.'));
      const reader = await readerWithForm(api, request, newsletter.publisher_id);
      const subscription = reader ? await readerSubscription(db, newsletter.id, reader.email) : undefined;
      const justPaid = (request.query as { checkout?: string }).checkout === 'done';
      const paying = Boolean(subscription && payingStatuses.includes(subscription.status));
      // A member an import brought with a plan given (or paid elsewhere) reads premium without paying here.
      const grant = reader && !paying ? await readerGrant(db, newsletter.id, reader.email) : undefined;
      const state = grant ? { kind: 'granted' as const, text: grantText(lang, grant.expires_at) } : reader ? stateOf(lang, subscription, justPaid) : null;
      // A plan's own button only where the reader may choose one now: signed in, neither paying nor waiting for a payment.
      const choosing = reader !== null && !paying && state?.kind !== 'processing' && state?.kind !== 'granted';
      const plans = offer.offered.map((plan) =>
        planCard(
          lang,
          offer.plans,
          plan,
          choosing && reader ? buttonForm(readerPath(newsletter.key, '/premium/checkout'), planWords(lang)[plan].choose, { csrf: reader.csrf, plan }) : '',
        ),
      );
      const includes = includedLines(lang).map((line) => `<li>${escapeHtml(line)}</li>`);
      const parts = [
        `<h1>${escapeHtml(readerText(lang, 'Premium subscription'))}</h1>`,
        `<p class="subtitle">${escapeHtml(readerText(lang, 'Choose a plan to read the premium stories of {title} in full.', { title: newsletter.title }))}</p>`,
        `<h2>${escapeHtml(readerText(lang, 'What does premium include?'))}</h2>`,
        `<ul class="includes">${includes.join('')}</ul>`,
      ];
      if (reader) {
        parts.push(`<p>${escapeHtml(readerText(lang, 'You are signed in as {email}.', { email: reader.email }))}</p>`);
        if (state) parts.push(`<p class="notice"${subscription?.status === 'past_due' ? ' role="alert"' : ''}>${escapeHtml(state.text)}</p>`);
        if (paying)
          parts.push(
            `<div class="actions">${buttonForm(readerPath(newsletter.key, '/premium/portal'), readerText(lang, 'Manage the subscription'), { csrf: reader.csrf })}</div>`,
          );
        else if (state?.kind === 'processing')
          parts.push(
            `<p><a class="more" href="${escapeHtml(`${premiumPath(newsletter.key)}?checkout=done`)}">${escapeHtml(readerText(lang, 'Refresh the page'))}</a></p>`,
          );
      }
      parts.push(`<h2>${escapeHtml(readerText(lang, 'Plans'))}</h2>`, `<ul class="plans">${plans.join('')}</ul>`);
      if (!reader) {
        const signInFirst = readerText(
          lang,
          "To pay, sign in as a reader first. The sign-in link is sent to the newsletter's subscribers: if you do not subscribe, subscribe for free first.",
        );
        parts.push(
          `<p>${escapeHtml(signInFirst)}</p>`,
          `<div class="actions"><a class="button" href="${escapeHtml(readerPath(newsletter.key, '/signin'))}">${escapeHtml(readerText(lang, 'Reader sign-in'))}</a><a class="more" href="${escapeHtml(readerPath(newsletter.key))}">${escapeHtml(readerText(lang, 'Subscribe for free'))}</a></div>`,
        );
      }
      allowStripeForms(reply);
      return sendReaderPage(reply, 200, newsletter.frame, readerText(lang, 'Premium subscription'), parts.join('\n'));
    },
  });
}

/** POST /n/{key}/premium/checkout and /portal: the forms that end at Stripe. */
function registerStripeForms(api: PluginApi, db: PaymentsDb): void {
  stripeForm(
    api,
    '/n/:key/premium/checkout',
    "Opens Stripe Checkout for the signed-in reader (csrf, plan: monthly or yearly): a subscription to the newsletter at its price, the reader's address, newsletter and plan named on it for the webhook. Without a session, to the sign-in; 403 without the session's form token; 404 when the newsletter offers no plan; 502 when Stripe does not answer.",
    'To Stripe Checkout.',
    async (newsletter, email, body, reply) => {
      const offer = await offeredPlans(db, newsletter);
      const plan = fieldOf(body, 'plan') as Plan;
      const notOffered = readerText(newsletter.lang, 'This newsletter offers no paid subscription.');
      if (!offer) return notice(reply, 404, newsletter, notOffered);
      if (!offer.offered.includes(plan)) return notice(reply, 422, newsletter, notOffered);
      if (await pays(db, newsletter.id, email)) return goTo(reply, premiumPath(newsletter.key));
      const stripe = await publisherStripe(api, db, newsletter.publisher_id);
      if (!stripe) return notice(reply, 404, newsletter, notOffered);
      const tags = { newsletterId: newsletter.id, plan, email };
      const previous = await readerSubscription(db, newsletter.id, email);
      const base = `${api.env.publicUrl}${premiumPath(newsletter.key)}`;
      return async () => {
        const session = await stripe.client.checkout.sessions.create({
          mode: 'subscription',
          ...(previous ? { customer: previous.customer_id } : { customer_email: email }),
          client_reference_id: newsletter.id,
          metadata: tags,
          subscription_data: { metadata: tags },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: offer.plans.currency,
                unit_amount: amountOf(offer.plans, plan)!,
                recurring: { interval: plan === 'monthly' ? 'month' : 'year' },
                product_data: {
                  name: `${newsletter.title} · ${readerText(newsletter.lang, 'Premium subscription')} (${planWords(newsletter.lang)[plan].name})`,
                },
              },
            },
          ],
          success_url: `${base}?checkout=done`,
          cancel_url: base,
        });
        if (!session.url) throw new Error('Checkout answered no address');
        return session.url;
      };
    },
  );

  stripeForm(
    api,
    '/n/:key/premium/portal',
    "Opens Stripe's customer portal for the signed-in reader's subscription to the newsletter (csrf): cancelling, changing the card. Without a session, to the sign-in; 403 without the session's form token; 502 when Stripe does not answer.",
    "To Stripe's customer portal.",
    async (newsletter, email, _body, reply) => {
      const subscription = await readerSubscription(db, newsletter.id, email);
      const stripe = await publisherStripe(api, db, newsletter.publisher_id);
      if (!subscription || !stripe) return goTo(reply, premiumPath(newsletter.key));
      return async () => {
        const portal = await stripe.client.billingPortal.sessions.create({
          customer: subscription.customer_id,
          return_url: `${api.env.publicUrl}${premiumPath(newsletter.key)}`,
        });
        return portal.url;
      };
    },
  );
}

/** What other pages say of the plans: premium stories, the reader's account, the landing page. */
function registerPremiumOffers(api: PluginApi, db: PaymentsDb): void {
  // Premium stories ask here who reads them whole, and where the others subscribe.
  api.extensions.add(premiumAccess, {
    async reads(request, newsletter) {
      const reader = await signedInReader(api.db, request, newsletter.publisher_id);
      return reader !== null && pays(db, newsletter.id, reader.email);
    },
    payers: (newsletterId) => payingEmails(db, newsletterId),
    async offer(newsletter) {
      return (await offeredPlans(db, newsletter)) ? `${api.env.publicUrl}${premiumPath(newsletter.key)}` : null;
    },
  });

  // The reader's account says, under each newsletter, what the reader pays for it or what it offers.
  api.extensions.add(accountNotes, {
    async notesOf(reader, newsletters, lang) {
      const notes = new Map<string, AccountNote>();
      for (const newsletter of newsletters) {
        const subscription = await readerSubscription(db, newsletter.id, reader.email);
        const link = { href: premiumPath(newsletter.key), label: readerText(lang, 'See the plans') };
        const grant = subscription && payingStatuses.includes(subscription.status) ? undefined : await readerGrant(db, newsletter.id, reader.email);
        if (grant) notes.set(newsletter.id, { text: grantText(lang, grant.expires_at), link });
        else if (subscription && payingStatuses.includes(subscription.status))
          notes.set(newsletter.id, { text: stateOf(lang, subscription, false)!.text, link: { ...link, label: readerText(lang, 'Manage the subscription') } });
        else {
          const offer = await offeredPlans(db, newsletter);
          if (offer)
            notes.set(newsletter.id, {
              text: subscription ? readerText(lang, 'Your premium subscription has ended. You can subscribe again.') : offerText(lang, offer),
              link,
            });
        }
      }
      return notes;
    },
  });

  addPublicSection(api, {
    id: 'paid-plans',
    owners: ['newsletter'],
    async render(_owner, newsletterId, lang) {
      const newsletter = await findNewsletter(api.db, newsletterId);
      const offer = newsletter && (await offeredPlans(db, newsletter));
      if (!newsletter || !offer) return '';
      return `<p><a class="button" href="${escapeHtml(premiumPath(newsletter.key))}">${escapeHtml(offerText(lang, offer))}</a></p>`;
    },
  });
}

const premiumPath = (key: string) => readerPath(key, '/premium');

/** The answer to an address that names no published newsletter (the site's default language). */
const notFound = (reply: FastifyReply) => {
  const title = readerText(mastheadFrame.lang, 'Premium subscription');
  return sendReaderPage(reply, 404, mastheadFrame, title, noticePage(title, readerText(mastheadFrame.lang, 'Newsletter not found.'), 'problem'));
};
const notice = (reply: FastifyReply, status: number, newsletter: { key: string; lang: string; frame: PublicPageNewsletter }, text: string) => {
  const title = readerText(newsletter.lang, 'Premium subscription');
  return sendReaderPage(reply, status, newsletter.frame, title, noticePage(title, text, 'problem', { href: premiumPath(newsletter.key), label: title }));
};

/** What a reader who pays, paid or is paying sees of the subscription, in the newsletter's language. */
function stateOf(
  lang: string,
  subscription: PaidSubscriptionRow | undefined,
  justPaid: boolean,
): { kind: 'processing' | 'paying' | 'ended'; text: string } | null {
  const processing = {
    kind: 'processing' as const,
    text: readerText(lang, 'Your payment has been received; your subscription will be active within a few seconds. Refresh the page.'),
  };
  if (!subscription) return justPaid ? processing : null;
  if (subscription.status === 'past_due') {
    const text = readerText(
      lang,
      'Your last payment could not be taken; Stripe is trying again. Meanwhile you can keep reading premium stories: update your card by managing your subscription.',
    );
    return { kind: 'paying', text };
  }
  if (subscription.status === 'active' || subscription.status === 'trialing') return { kind: 'paying', text: activeText(lang, subscription) };
  return justPaid ? processing : { kind: 'ended', text: readerText(lang, 'Your premium subscription has ended. You can subscribe again.') };
}

/** A granted member's line: premium given (a complimentary plan, or one paid on another platform), until its day or for good. */
function grantText(lang: string, expiresAt: Date | null): string {
  return expiresAt
    ? readerText(lang, 'You read the premium stories with a membership you were given, until {date}.', { date: readerDate(lang, expiresAt) })
    : readerText(lang, 'You read the premium stories with a membership you were given.');
}

/** A paying subscription's line: its plan, and the day it is paid until when known. */
function activeText(lang: string, subscription: PaidSubscriptionRow): string {
  const end = subscription.current_period_end;
  if (!end)
    return subscription.plan === 'monthly'
      ? readerText(lang, 'Your premium subscription is active (monthly plan).')
      : readerText(lang, 'Your premium subscription is active (yearly plan).');
  const date = readerDate(lang, end);
  return subscription.plan === 'monthly'
    ? readerText(lang, 'Your premium subscription is active (monthly plan, paid until {date}).', { date })
    : readerText(lang, 'Your premium subscription is active (yearly plan, paid until {date}).', { date });
}

/** What a premium form does for its reader: a reply already sent, or the Stripe call that answers where to go. */
type FormStep = FastifyReply | (() => Promise<string>);

/**
 * A form of the premium page that ends at Stripe: the newsletter by its key, the signed-in reader
 * (else to the sign-in) with the session's form token (else 403), then `step`. A Stripe call that
 * fails is logged without the reader and answered 502 in the newsletter's look.
 */
const stripeForm = (
  api: PluginApi,
  url: string,
  summary: string,
  response: string,
  step: (newsletter: ReaderNewsletter, email: string, body: unknown, reply: FastifyReply) => Promise<FormStep>,
) =>
  api.page<{ key: string }>({
    method: 'POST',
    url,
    schema: {
      params: keyParams,
      response: { ...documentAnswer('text/html; charset=utf-8', "A problem, in the newsletter's look."), 303: { description: response, type: 'null' } },
      summary,
    },
    async handler(request, reply) {
      const newsletter = await readerNewsletter(api, request.params.key);
      if (!newsletter) return notFound(reply);
      const reader = await signedInReader(api.db, request, newsletter.publisher_id);
      if (!reader) return goTo(reply, readerPath(newsletter.key, '/signin'));
      if (!(await readerFormValid(api, request, newsletter.publisher_id, fieldOf(request.body, 'csrf'))))
        return notice(reply, 403, newsletter, readerText(newsletter.lang, 'This form has expired. Please refresh the page and try again.'));
      const next = await step(newsletter, reader.email, request.body, reply);
      if (typeof next !== 'function') return next;
      try {
        return goTo(reply, await next());
      } catch (error) {
        api.log.warn(
          { err: error instanceof Error ? { type: error.name, message: error.message } : error, newsletterId: newsletter.id },
          'payments: a Stripe call failed',
        );
        // The reader's address stays out of it: Stripe's reason says what the director must fix.
        const reason = `${newsletter.title}: the Stripe payment page could not be opened. Stripe says: ${stripeReason(error)}`;
        await recordProblem(api, paymentsDb(api.db), newsletter.publisher_id, 'checkout', reason);
        return notice(reply, 502, newsletter, readerText(newsletter.lang, 'The payment page cannot be opened just now. Please try again in a little while.'));
      }
    },
  });
