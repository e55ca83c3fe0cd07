/**
 * Paying members an import brings (issue 56; the imports plugin calls `importPaidMember` through
 * public.ts for each), so that they keep reading premium stories from day one:
 * - a member with a Stripe customer id is matched to its subscriptions in the publisher's connected
 *   account (subscriptions.list, customer and status all): each is kept as Stripe has it, as the
 *   webhook keeps the others, and Stripe's later events about it apply as to any subscription; a
 *   customer the account does not know (or with no subscription at all) is recorded as missing,
 *   and the payments card counts them. Matching runs when the member is imported into a connected
 *   account, or when the account is connected: inline for a few, else as a job;
 * - a complimentary member, or one who paid elsewhere (no customer id), reads premium stories until
 *   its expiry, or for good, without Stripe (store.ts, grantedMembers: exact to the second); the
 *   subscriber's paid flag follows, and turns off within the hour after the expiry.
 */
import type Stripe from 'stripe';
import { clock } from '../../../core/server/clock';
import { findNewsletter } from '../../../core/server/store';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { customerOwner, findAccount, refreshPayers, saveSubscription, type PaymentsDb } from './store';
import { keyFailure, publisherKey, stripeClient, stripeReason } from './stripe';
import { subscriptionRow } from './webhook';

export interface ImportedPaidMember {
  publisherId: string;
  newsletterId: string;
  email: string;
  /** Stripe's customer id (cus_...), or null for a member who does not pay through Stripe. */
  customerId: string | null;
  /** A plan given, not paid: the member reads premium without Stripe until `expiresAt`. */
  complimentary: boolean;
  /** When a complimentary plan (or a subscription paid elsewhere) ends; null: never. */
  expiresAt: Date | null;
}

const matchJob = 'payments.match-imported-members';
/** How often the paid flags of members whose grant has just ended are turned off. */
const expiryCheckSeconds = 3600;
/** Up to this many members are matched before the connecting call answers; more go to a job. */
const inlineMatches = 25;
/** Members asked of Stripe per round of a match. */
const matchBatch = 100;

/** The publishers with a match queued in this process and not yet started: an import of many members queues one. */
const queued = new Set<string>();

export function registerImportedMembers(api: PluginApi, db: PaymentsDb): void {
  api.jobs.define<{ publisherId: string }>(
    matchJob,
    async ({ publisherId }) => {
      queued.delete(publisherId);
      await matchMembers(api, db, publisherId);
    },
    { wake: true },
  );
  // A flag left on by a server that was down longer than a day is turned off at start (subscriber-type.ts, reconcilePayers).
  api.jobs.repeat('payments.expired-members', expiryCheckSeconds, async () => {
    const now = clock.now();
    const ended = await db
      .selectFrom('imported_members')
      .select(['newsletter_id', 'email'])
      .where('expires_at', '<=', now)
      .where('expires_at', '>', new Date(now.getTime() - 86_400_000))
      .execute();
    for (const member of ended) await refreshPayers(db, member.newsletter_id, [member.email]);
  });
}

/**
 * Records a paying member of a newsletter, once: importing the same member again changes only what
 * changed (a customer id seen for the first time is looked up again). Throws when the newsletter is
 * not the publisher's.
 */
export async function importMember(api: PluginApi, db: PaymentsDb, member: ImportedPaidMember): Promise<void> {
  const newsletter = await findNewsletter(db, member.newsletterId);
  if (newsletter?.publisher_id !== member.publisherId) throw new Error(`Newsletter ${member.newsletterId} is not publisher ${member.publisherId}'s`);
  const email = member.email.trim().toLowerCase();
  const customerId = member.customerId?.trim() || null;
  const row = {
    newsletter_id: member.newsletterId,
    email,
    publisher_id: member.publisherId,
    customer_id: customerId,
    complimentary: member.complimentary,
    expires_at: member.expiresAt,
    stripe_match: customerId ? ('pending' as const) : null,
  };
  const saved = await db
    .insertInto('imported_members')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['newsletter_id', 'email']).doUpdateSet((eb) => ({
        customer_id: eb.ref('excluded.customer_id'),
        complimentary: eb.ref('excluded.complimentary'),
        expires_at: eb.ref('excluded.expires_at'),
        // The same customer keeps what Stripe said of it; another one is looked up again.
        stripe_match: eb
          .case()
          .when('imported_members.customer_id', 'is not distinct from', eb.ref('excluded.customer_id'))
          .then(eb.ref('imported_members.stripe_match'))
          .else(eb.ref('excluded.stripe_match'))
          .end(),
      })),
    )
    .returning('stripe_match')
    .executeTakeFirstOrThrow();
  await refreshPayers(db, member.newsletterId, [email]);
  if (saved.stripe_match === 'pending' && (await findAccount(db, member.publisherId))) await queueMatch(api, member.publisherId);
}

async function queueMatch(api: PluginApi, publisherId: string): Promise<void> {
  if (queued.has(publisherId)) return;
  queued.add(publisherId);
  await api.jobs.schedule(matchJob, { publisherId });
}

/**
 * After a key is connected: every imported customer not yet found is looked up again in the
 * account now connected (a few before answering, many in a job).
 */
export async function matchAfterConnect(api: PluginApi, db: PaymentsDb, publisherId: string): Promise<void> {
  await db
    .updateTable('imported_members')
    .set({ stripe_match: 'pending' })
    .where('publisher_id', '=', publisherId)
    .where('stripe_match', '=', 'missing')
    .execute();
  const { count } = await pending(db, publisherId)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) === 0) return;
  if (Number(count) > inlineMatches) return queueMatch(api, publisherId);
  try {
    await matchMembers(api, db, publisherId);
  } catch (error) {
    // The key is saved: a Stripe that does not answer now leaves the rest to a job, which retries.
    api.log.warn({ publisherId, reason: stripeReason(error) }, 'payments: imported members left to a job');
    await queueMatch(api, publisherId);
  }
}

const pending = (db: PaymentsDb, publisherId: string) =>
  db.selectFrom('imported_members').where('publisher_id', '=', publisherId).where('stripe_match', '=', 'pending');

/** Matches the publisher's pending members with its connected account, a batch at a time, until none is pending. */
async function matchMembers(api: PluginApi, db: PaymentsDb, publisherId: string): Promise<void> {
  const secretKey = await publisherKey(api, db, publisherId);
  if (!secretKey) return;
  const client = await stripeClient(api.env, secretKey);
  for (;;) {
    const members = await pending(db, publisherId).select(['newsletter_id', 'email', 'customer_id']).orderBy('imported_at').limit(matchBatch).execute();
    if (members.length === 0) return;
    for (const member of members) {
      let subscriptions: Stripe.Subscription[];
      try {
        subscriptions = (await client.subscriptions.list({ customer: member.customer_id!, status: 'all', limit: 100 })).data;
      } catch (error) {
        if ((error as { code?: string }).code !== 'resource_missing') {
          // A key Stripe no longer takes leaves the members pending: the next connect matches them.
          if (keyFailure(error)) {
            api.log.warn({ publisherId, reason: stripeReason(error) }, 'payments: imported members not matched');
            return;
          }
          throw error;
        }
        subscriptions = [];
      }
      await db.transaction().execute(async (tx) => {
        const owner = await customerOwner(tx, member.customer_id!, publisherId);
        const found = subscriptions.length > 0 && !owner;
        for (const subscription of found ? subscriptions : []) await keepSubscription(tx, publisherId, member, subscription);
        await tx
          .updateTable('imported_members')
          .set({ stripe_match: found ? 'matched' : 'missing' })
          .where('newsletter_id', '=', member.newsletter_id)
          .where('email', '=', member.email)
          .execute();
      });
    }
  }
}

/** A subscription Stripe answered, kept as the member's subscription to its newsletter (as the webhook keeps one). */
async function keepSubscription(
  tx: PaymentsDb,
  publisherId: string,
  member: { newsletter_id: string; email: string; customer_id: string | null },
  subscription: Stripe.Subscription,
): Promise<void> {
  // In whole seconds, as Stripe times its events: an event of this second or later still applies.
  const at = new Date(Math.floor(clock.ms() / 1000) * 1000);
  const owner = { publisherId, newsletterId: member.newsletter_id, email: member.email, customerId: member.customer_id!, plan: 'monthly' as const };
  const row = subscriptionRow(subscription, owner, at);
  if (row) await saveSubscription(tx, row);
}

/** How the publisher's imported paying members stand with Stripe, for the payments card. */
export async function importedCounts(db: PaymentsDb, publisherId: string): Promise<{ matched: number; notFound: number; pending: number }> {
  const rows = await db
    .selectFrom('imported_members')
    .select(['stripe_match', (eb) => eb.fn.countAll<string>().as('count')])
    .where('publisher_id', '=', publisherId)
    .where('stripe_match', 'is not', null)
    .groupBy('stripe_match')
    .execute();
  const count = (state: string) => Number(rows.find((row) => row.stripe_match === state)?.count ?? 0);
  return { matched: count('matched'), notFound: count('missing'), pending: count('pending') };
}
