/**
 * The reader's side of paid plans, below a newsletter's address (Turkish, as the reader pages are):
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
  readerSubscription,
  type NewsletterPlansRow,
  type PaidSubscriptionRow,
  type PaymentsDb,
} from './store';
import { publisherStripe } from './stripe';
import type { Plan } from './tables';

export const premiumTexts = {
  title: 'Premium abonelik',
  lede: (title: string) => `${title} bülteninin premium yazılarını tamamıyla okumak için bir plan seçin.`,
  includesTitle: 'Premium abonelikte neler var?',
  /**
   * What premium gives here, as the stories plugin's premium access makes it: premium stories whole
   * on the pages for a signed-in payer and in the payers' copy of each issue e-mail; Stripe's
   * customer portal (the 'manage' button) to change the card or cancel.
   */
  includes: [
    'Premium yazıların tamamını sitede, okur girişinizle, kısaltılmadan okursunuz.',
    'Her sayının e-postası premium yazılarıyla birlikte tam hâliyle gelir.',
    'Aboneliğinizi ve kartınızı kendiniz yönetir, istediğiniz zaman iptal edersiniz.',
  ],
  plansTitle: 'Planlar',
  plans: { monthly: 'Aylık', yearly: 'Yıllık' } as Record<Plan, string>,
  perMonth: (price: string) => `Ayda ${price}`,
  monthsFree: (months: number) => `${months} ay bedava`,
  saved: (percent: string) => `${percent} tasarruf`,
  saving: (amount: string, percent: string) => `12 aylık ödemeye göre yılda ${amount} (${percent}) daha az.`,
  per: { monthly: 'ay', yearly: 'yıl' } as Record<Plan, string>,
  choose: (plan: Plan) => `${premiumTexts.plans[plan]} abone ol`,
  signInFirst: 'Ödeme yapmak için önce okur girişi yapın. Giriş bağlantısı bültenin abonelerine gönderilir: abone değilseniz önce ücretsiz abone olun.',
  signIn: 'Okur girişi',
  subscribeFree: 'Ücretsiz abone ol',
  signedInAs: (email: string) => `${email} adresiyle giriş yaptınız.`,
  active: (plan: Plan, until: string | null) =>
    `Premium aboneliğiniz etkin (${premiumTexts.plans[plan].toLocaleLowerCase('tr')} plan${until ? `, ${until} tarihine kadar ödendi` : ''}).`,
  pastDue:
    'Son ödemeniz alınamadı; Stripe yeniden deniyor. Bu sürede premium yazıları okumaya devam edebilirsiniz: kartınızı aboneliğinizi yöneterek güncelleyin.',
  ended: 'Premium aboneliğiniz sona erdi. Yeniden abone olabilirsiniz.',
  processing: 'Ödemeniz alındı; aboneliğiniz birkaç saniye içinde etkinleşecek. Sayfayı yenileyin.',
  refresh: 'Sayfayı yenile',
  manage: 'Aboneliği yönet',
  notOffered: 'Bu bülten ücretli abonelik sunmuyor.',
  unavailable: 'Ödeme sayfası şu anda açılamıyor. Lütfen biraz sonra yeniden deneyin.',
  formExpired: 'Bu form geçerliliğini yitirdi. Lütfen sayfayı yenileyip yeniden deneyin.',
  landing: (price: string) => `Premium abonelik: ${price}`,
  seePlans: 'Planları görün',
  notFound: 'Bülten bulunamadı.',
} as const;

/** A price as the reader reads it: 49,00 ₺ / ay. */
export function priceText(amount: number, currency: string, plan?: Plan): string {
  const money = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  return plan ? `${money} / ${premiumTexts.per[plan]}` : money;
}

const percentText = new Intl.NumberFormat('tr-TR', { style: 'percent', maximumFractionDigits: 0 });

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
function planCard(plans: NewsletterPlansRow, plan: Plan, button: string): string {
  const amount = amountOf(plans, plan)!;
  const money = (value: number) => priceText(value, plans.currency);
  const lines = [
    `<h3>${escapeHtml(premiumTexts.plans[plan])}</h3>`,
    `<p class="price"><strong>${escapeHtml(money(amount))}</strong> / ${escapeHtml(premiumTexts.per[plan])}</p>`,
  ];
  if (plan === 'yearly') {
    const saving = yearlySaving(plans.monthly_amount, plans.yearly_amount);
    const share = saving ? percentText.format(saving.share) : '';
    if (saving) lines.push(`<p class="badge">${escapeHtml(saving.monthsFree ? premiumTexts.monthsFree(saving.monthsFree) : premiumTexts.saved(share))}</p>`);
    lines.push(`<p class="price">${escapeHtml(premiumTexts.perMonth(money(Math.round(amount / 12))))}</p>`);
    if (saving) lines.push(`<p class="saving">${escapeHtml(premiumTexts.saving(money(saving.amount), share))}</p>`);
  }
  return `<li class="plan">${lines.join('')}${button}</li>`;
}

const dateText = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Istanbul' });

/** The plans a newsletter offers now: its priced ones, when its publisher has Stripe keys. */
async function offeredPlans(db: PaymentsDb, newsletter: { id: string; publisher_id: string }): Promise<{ plans: NewsletterPlansRow; offered: Plan[] } | null> {
  const [plans, account] = await Promise.all([findPlans(db, newsletter.id), findAccount(db, newsletter.publisher_id)]);
  if (!plans || !account) return null;
  const offered = (['monthly', 'yearly'] as const).filter((plan) => amountOf(plans, plan) !== null);
  return offered.length > 0 ? { plans, offered } : null;
}

const amountOf = (plans: NewsletterPlansRow, plan: Plan) => (plan === 'monthly' ? plans.monthly_amount : plans.yearly_amount);

/** The offer as the landing page and the reader's account show it: 'Premium abonelik: ₺49,00/ay', by the cheapest plan. */
function offerText(offer: { plans: NewsletterPlansRow; offered: Plan[] }): string {
  const cheapest = offer.offered.map((plan) => ({ plan, amount: amountOf(offer.plans, plan)! })).sort((a, b) => a.amount - b.amount)[0]!;
  return premiumTexts.landing(priceText(cheapest.amount, offer.plans.currency, cheapest.plan));
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
      const offer = await offeredPlans(db, newsletter);
      if (!offer) return notice(reply, 404, newsletter, premiumTexts.notOffered);
      const reader = await readerWithForm(api, request, newsletter.publisher_id);
      const subscription = reader ? await readerSubscription(db, newsletter.id, reader.email) : undefined;
      const justPaid = (request.query as { checkout?: string }).checkout === 'done';
      const state = reader ? stateOf(subscription, justPaid) : null;
      const paying = Boolean(subscription && payingStatuses.includes(subscription.status));
      // A plan's own button only where the reader may choose one now: signed in, neither paying nor waiting for a payment.
      const choosing = reader !== null && !paying && state !== premiumTexts.processing;
      const plans = offer.offered.map((plan) =>
        planCard(
          offer.plans,
          plan,
          choosing && reader ? buttonForm(readerPath(newsletter.key, '/premium/checkout'), premiumTexts.choose(plan), { csrf: reader.csrf, plan }) : '',
        ),
      );
      const includes = premiumTexts.includes.map((line) => `<li>${escapeHtml(line)}</li>`);
      const parts = [
        `<h1>${escapeHtml(premiumTexts.title)}</h1>`,
        `<p class="subtitle">${escapeHtml(premiumTexts.lede(newsletter.title))}</p>`,
        `<h2>${escapeHtml(premiumTexts.includesTitle)}</h2>`,
        `<ul class="includes">${includes.join('')}</ul>`,
      ];
      if (reader) {
        parts.push(`<p>${escapeHtml(premiumTexts.signedInAs(reader.email))}</p>`);
        if (state) parts.push(`<p class="notice"${subscription?.status === 'past_due' ? ' role="alert"' : ''}>${escapeHtml(state)}</p>`);
        if (paying)
          parts.push(`<div class="actions">${buttonForm(readerPath(newsletter.key, '/premium/portal'), premiumTexts.manage, { csrf: reader.csrf })}</div>`);
        else if (state === premiumTexts.processing)
          parts.push(`<p><a class="more" href="${escapeHtml(`${premiumPath(newsletter.key)}?checkout=done`)}">${escapeHtml(premiumTexts.refresh)}</a></p>`);
      }
      parts.push(`<h2>${escapeHtml(premiumTexts.plansTitle)}</h2>`, `<ul class="plans">${plans.join('')}</ul>`);
      if (!reader) {
        parts.push(
          `<p>${escapeHtml(premiumTexts.signInFirst)}</p>`,
          `<div class="actions"><a class="button" href="${escapeHtml(readerPath(newsletter.key, '/signin'))}">${escapeHtml(premiumTexts.signIn)}</a><a class="more" href="${escapeHtml(readerPath(newsletter.key))}">${escapeHtml(premiumTexts.subscribeFree)}</a></div>`,
        );
      }
      allowStripeForms(reply);
      return sendReaderPage(reply, 200, newsletter.frame, premiumTexts.title, parts.join('\n'));
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
      if (!offer) return notice(reply, 404, newsletter, premiumTexts.notOffered);
      if (!offer.offered.includes(plan)) return notice(reply, 422, newsletter, premiumTexts.notOffered);
      if (await pays(db, newsletter.id, email)) return goTo(reply, premiumPath(newsletter.key));
      const stripe = await publisherStripe(api, db, newsletter.publisher_id);
      if (!stripe) return notice(reply, 404, newsletter, premiumTexts.notOffered);
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
                product_data: { name: `${newsletter.title} · ${premiumTexts.title} (${premiumTexts.plans[plan]})` },
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
    async notesOf(reader, newsletters) {
      const notes = new Map<string, AccountNote>();
      for (const newsletter of newsletters) {
        const subscription = await readerSubscription(db, newsletter.id, reader.email);
        const link = { href: premiumPath(newsletter.key), label: premiumTexts.seePlans };
        if (subscription && payingStatuses.includes(subscription.status))
          notes.set(newsletter.id, { text: stateOf(subscription, false)!, link: { ...link, label: premiumTexts.manage } });
        else {
          const offer = await offeredPlans(db, newsletter);
          if (offer) notes.set(newsletter.id, { text: subscription ? premiumTexts.ended : offerText(offer), link });
        }
      }
      return notes;
    },
  });

  addPublicSection(api, {
    id: 'paid-plans',
    owners: ['newsletter'],
    async render(_owner, newsletterId) {
      const newsletter = await findNewsletter(api.db, newsletterId);
      const offer = newsletter && (await offeredPlans(db, newsletter));
      if (!newsletter || !offer) return '';
      return `<p><a class="button" href="${escapeHtml(premiumPath(newsletter.key))}">${escapeHtml(offerText(offer))}</a></p>`;
    },
  });
}

const premiumPath = (key: string) => readerPath(key, '/premium');

const notFound = (reply: FastifyReply) =>
  sendReaderPage(reply, 404, mastheadFrame, premiumTexts.title, noticePage(premiumTexts.title, premiumTexts.notFound, 'problem'));
const notice = (reply: FastifyReply, status: number, newsletter: { key: string; frame: PublicPageNewsletter }, text: string) =>
  sendReaderPage(
    reply,
    status,
    newsletter.frame,
    premiumTexts.title,
    noticePage(premiumTexts.title, text, 'problem', { href: premiumPath(newsletter.key), label: premiumTexts.title }),
  );

/** What a reader who pays, paid or is paying sees of the subscription. */
function stateOf(subscription: PaidSubscriptionRow | undefined, justPaid: boolean): string | null {
  if (!subscription) return justPaid ? premiumTexts.processing : null;
  if (subscription.status === 'past_due') return premiumTexts.pastDue;
  if (subscription.status === 'active' || subscription.status === 'trialing')
    return premiumTexts.active(subscription.plan, subscription.current_period_end && dateText.format(subscription.current_period_end));
  return justPaid ? premiumTexts.processing : premiumTexts.ended;
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
        return notice(reply, 403, newsletter, premiumTexts.formExpired);
      const next = await step(newsletter, reader.email, request.body, reply);
      if (typeof next !== 'function') return next;
      try {
        return goTo(reply, await next());
      } catch (error) {
        api.log.warn(
          { err: error instanceof Error ? { type: error.name, message: error.message } : error, newsletterId: newsletter.id },
          'payments: a Stripe call failed',
        );
        return notice(reply, 502, newsletter, premiumTexts.unavailable);
      }
    },
  });
