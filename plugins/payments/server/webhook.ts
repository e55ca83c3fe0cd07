/**
 * Stripe's webhook, POST /api/payments/webhook/{publisherId}: the only source of truth for who
 * pays. An event is checked by its signature over the body as sent (the package's constructEvent,
 * with the publisher's signing secret), applied once (stripe_events; the row and the change are
 * one transaction, so a failure leaves Stripe to deliver it again), and never lets an older event
 * undo a newer one (paid_subscriptions.event_at).
 *
 * - checkout.session.completed: the reader's subscription starts (active) until its own events say more;
 * - customer.subscription.created, .updated, .deleted: its status, plan, price and period as Stripe
 *   has them. past_due (Stripe retrying a failed payment) keeps access; unpaid or canceled ends it;
 * - invoice.paid: a payment (Earnings sums them); invoice.payment_failed: noted on the subscription.
 *
 * An event changes only what its signer owns: one that names another publisher's newsletter,
 * subscription, customer or invoice changes nothing (answered `applied: false`, logged). A
 * subscription made elsewhere (an imported member's, imported-members.ts) carries none of our
 * tags: its events apply to the newsletter and reader its row names.
 *
 * A call whose signature does not verify, and an event that fails to apply, are recorded for the
 * payments card and notified to the directors (problems.ts).
 */
import type { FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { unauthorized, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { paymentEndpoints } from '../endpoints';
import type { Plan } from './tables';
import {
  customerOwner,
  findPayment,
  findSubscription,
  firstDelivery,
  notePaymentFailed,
  recordPayment,
  saveSubscription,
  type PaidSubscriptionRow,
  type PaymentsDb,
} from './store';
import { recordProblem } from './problems';
import { publisherStripe } from './stripe';

/** The events applied below, which the endpoint the server creates asks Stripe for (connect.ts). */
export const handledEvents = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export const forgedText = 'The signature of this call does not verify.';
export const notSetUpText = 'Payments are not set up for this publisher.';

/** What the checkout put on the session and its subscription: which newsletter, which plan, whose. */
interface Tags {
  newsletterId: string;
  plan: Plan;
  email: string;
}

function tagsOf(metadata: Stripe.Metadata | null | undefined): Tags | null {
  const { newsletterId, plan, email } = metadata ?? {};
  if (!newsletterId || !email || (plan !== 'monthly' && plan !== 'yearly')) return null;
  return { newsletterId, plan, email: email.toLowerCase() };
}

/**
 * A subscription as Stripe has it, as the row that keeps it for its owner (the publisher, newsletter
 * and reader it is for; `plan` when its price says no yearly interval), written as of `at`; null
 * without an item.
 */
export function subscriptionRow(
  subscription: Stripe.Subscription,
  owner: { publisherId: string; newsletterId: string; email: string; customerId: string; plan: Plan },
  at: Date,
): Omit<PaidSubscriptionRow, 'payment_failed_at'> | null {
  const item = subscription.items?.data[0];
  if (!item) return null;
  const ended = subscription.status === 'canceled' || subscription.status === 'unpaid' || subscription.status === 'incomplete_expired';
  return {
    id: subscription.id,
    publisher_id: owner.publisherId,
    newsletter_id: owner.newsletterId,
    email: owner.email,
    customer_id: owner.customerId,
    plan: item.price.recurring?.interval === 'year' ? 'yearly' : owner.plan,
    amount: item.price.unit_amount ?? 0,
    currency: subscription.currency,
    status: subscription.status,
    current_period_end: dateOf(item.current_period_end),
    started_at: dateOf(subscription.start_date) ?? at,
    ended_at: ended ? (dateOf(subscription.ended_at) ?? dateOf(subscription.canceled_at) ?? at) : null,
    event_at: at,
  };
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * What an event named that is another publisher's: it changes nothing. Each publisher signs its
 * events with its own secret, but the ids in them are only what the signer wrote: a director who
 * set their own signing secret can sign anything (issue 53).
 */
interface Refusal {
  refused: 'newsletter' | 'subscription' | 'customer' | 'invoice';
  id: string;
}

/** What applying an event did: true (applied), false (nothing to do: a kind not used, an older or repeated event), or a refusal. */
type Outcome = boolean | Refusal;

export function registerWebhook(api: PluginApi, db: PaymentsDb): void {
  /**
   * Whether everything the event names is this publisher's or nobody's yet: the newsletter in its
   * metadata, the subscription (as its row says) and the customer (as the publisher's
   * subscriptions say). The first thing that is another publisher's, or null.
   */
  const foreign = async (
    tx: PaymentsDb,
    publisherId: string,
    names: { tags?: Tags | null; subscription?: PaidSubscriptionRow | null | undefined; customerId?: string | null },
  ): Promise<Refusal | null> => {
    if (names.tags) {
      const newsletter = await findNewsletter(tx, names.tags.newsletterId);
      if (newsletter && newsletter.publisher_id !== publisherId) return { refused: 'newsletter', id: names.tags.newsletterId };
    }
    if (names.subscription && names.subscription.publisher_id !== publisherId) return { refused: 'subscription', id: names.subscription.id };
    if (names.customerId && (await customerOwner(tx, names.customerId, publisherId))) return { refused: 'customer', id: names.customerId };
    return null;
  };
  /** The newsletter a tag names, when it is the publisher's and exists. */
  const ownNewsletter = async (tx: PaymentsDb, publisherId: string, tags: Tags | null) => {
    if (!tags) return null;
    const newsletter = await findNewsletter(tx, tags.newsletterId);
    return newsletter?.publisher_id === publisherId ? tags : null;
  };

  async function apply(tx: PaymentsDb, publisherId: string, event: Stripe.Event): Promise<Outcome> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subscriptionId = idOf(session.subscription);
        const customerId = idOf(session.customer);
        const known = subscriptionId ? await findSubscription(tx, subscriptionId) : undefined;
        const refusal = await foreign(tx, publisherId, { tags: tagsOf(session.metadata), subscription: known, customerId });
        if (refusal) return refusal;
        const tags = await ownNewsletter(tx, publisherId, tagsOf(session.metadata));
        if (!tags || !subscriptionId || !customerId || session.mode !== 'subscription') return false;
        if (known) return false;
        await saveSubscription(tx, {
          id: subscriptionId,
          publisher_id: publisherId,
          newsletter_id: tags.newsletterId,
          email: tags.email,
          customer_id: customerId,
          plan: tags.plan,
          amount: session.amount_total ?? 0,
          currency: session.currency ?? 'try',
          status: 'active',
          current_period_end: null,
          started_at: at,
          ended_at: null,
          event_at: at,
        });
        return true;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const customerId = idOf(subscription.customer);
        const known = await findSubscription(tx, subscription.id);
        const refusal = await foreign(tx, publisherId, { tags: tagsOf(subscription.metadata), subscription: known, customerId });
        if (refusal) return refusal;
        const tags =
          (await ownNewsletter(tx, publisherId, tagsOf(subscription.metadata))) ??
          (known?.publisher_id === publisherId ? { newsletterId: known.newsletter_id, plan: known.plan, email: known.email } : null);
        const row = tags && customerId ? subscriptionRow(subscription, { publisherId, ...tags, customerId }, at) : null;
        if (!row) return false;
        await saveSubscription(tx, row, known);
        return true;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details;
        const subscriptionId = idOf(details?.subscription);
        const known = subscriptionId ? await findSubscription(tx, subscriptionId) : undefined;
        const refusal = await foreign(tx, publisherId, { tags: tagsOf(details?.metadata), subscription: known, customerId: idOf(invoice.customer) });
        if (refusal) return refusal;
        const paid = invoice.id ? await findPayment(tx, invoice.id) : undefined;
        if (paid && paid.publisher_id !== publisherId) return { refused: 'invoice', id: paid.id };
        if (!subscriptionId) return false;
        const newsletterId = known?.newsletter_id ?? (await ownNewsletter(tx, publisherId, tagsOf(details?.metadata)))?.newsletterId;
        if (!newsletterId) return false;
        if (event.type === 'invoice.payment_failed') {
          await notePaymentFailed(tx, publisherId, subscriptionId, at);
          return true;
        }
        if (!invoice.id || paid) return false;
        await recordPayment(tx, {
          id: invoice.id,
          publisher_id: publisherId,
          newsletter_id: newsletterId,
          subscription_id: subscriptionId,
          amount: invoice.amount_paid,
          currency: invoice.currency,
          paid_at: dateOf(invoice.status_transitions.paid_at) ?? at,
        });
        return true;
      }
      default:
        return false;
    }
  }

  const signatureOf = (request: FastifyRequest) => {
    const value = request.headers['stripe-signature'];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };

  api.serve(paymentEndpoints.webhook, {
    public: true,
    rawBody: true,
    bodyLimit: constants.bounces.webhookBodyBytes,
    summary:
      "Stripe's events for a publisher, checked by their Stripe-Signature with the publisher's signing secret and applied once each: checkout completed, subscription created, updated and deleted, invoice paid and payment failed. An event that names another publisher's newsletter, subscription, customer or invoice changes nothing (200, applied: false: Stripe would retry any other answer). 404 when the publisher has no Stripe keys, 401 when the signature does not verify.",
    async handler(request) {
      const { publisherId } = request.params;
      const stripe = await publisherStripe(api, db, publisherId);
      if (!stripe) throw notFound(notSetUpText);
      let event: Stripe.Event;
      try {
        event = stripe.client.webhooks.constructEvent(request.rawBody ?? '', signatureOf(request), stripe.webhookSecret);
      } catch (error) {
        // Stripe's first sentence says what is wrong (no signature, none that matches); the rest is advice to developers.
        const reason = (error instanceof Error ? error.message : String(error))
          .split(/(?<=[.?])\s/)[0]!
          .trim()
          .replace(/\.$/, '');
        await recordProblem(api, db, publisherId, 'webhook', `A call to the webhook address was refused: its signature does not verify (${reason}).`);
        throw unauthorized(forgedText, 'INVALID_SIGNATURE');
      }
      let outcome: Outcome;
      try {
        outcome = await db.transaction().execute(async (tx) => (await firstDelivery(tx, publisherId, event.id, event.type)) && apply(tx, publisherId, event));
      } catch (error) {
        // Stripe delivers it again (a 500); the directors learn that it failed.
        const reason = error instanceof Error ? error.message : String(error);
        await recordProblem(api, db, publisherId, 'webhook', `Stripe's event ${event.type} (${event.id}) could not be applied: ${reason}`);
        throw error;
      }
      if (typeof outcome !== 'boolean') {
        // Answered 2xx all the same: Stripe retries any other answer for days (and warns of, then
        // disables, an endpoint that keeps failing), and this event will never be this publisher's.
        // The ids are Stripe's, never a secret; the reader's address stays out of the log.
        api.log.warn(
          { publisherId, event: event.id, type: event.type, ...outcome },
          "payments: a Stripe event names another publisher's data; nothing changed",
        );
        return { data: { applied: false } };
      }
      api.log.info({ publisherId, event: event.id, type: event.type, applied: outcome }, 'payments: Stripe event');
      return { data: { applied: outcome } };
    },
  });
}
