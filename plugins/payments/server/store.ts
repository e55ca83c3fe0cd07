/**
 * The payments plugin's queries: a publisher's sealed Stripe keys, a newsletter's prices, and
 * what Stripe's events said of subscriptions and invoices. Who pays is read here and written only
 * by the webhook (webhook.ts).
 */
import type { Kysely, Selectable } from 'kysely';
import { clock } from '../../../core/server/clock';
import { ownTables, type Handle } from '../../../core/server/db/database';
import type { CoreTables } from '../../../core/server/db/tables';
import { reconcilePaid, refreshPaid } from '../../subscribers/server/public';
import type { NewsletterPlansTable, PaidSubscriptionsTable, PaymentAccountsTable, PaymentTables, PaymentsTable } from './tables';

export type PaymentsDb = Kysely<CoreTables & PaymentTables>;

export const paymentsDb = (db: Handle): PaymentsDb => ownTables(db, 'payments');

export type PaymentAccountRow = Selectable<PaymentAccountsTable>;
export type NewsletterPlansRow = Selectable<NewsletterPlansTable>;
export type PaidSubscriptionRow = Selectable<PaidSubscriptionsTable>;

/** Stripe's statuses that give access: past_due is its grace period, while it retries a failed payment. */
export const payingStatuses = ['active', 'trialing', 'past_due'];

export function findAccount(db: PaymentsDb, publisherId: string): Promise<PaymentAccountRow | undefined> {
  return db.selectFrom('payment_accounts').selectAll().where('publisher_id', '=', publisherId).executeTakeFirst();
}

export async function saveAccount(db: PaymentsDb, row: Omit<PaymentAccountRow, 'updated_at'>): Promise<void> {
  const now = clock.now();
  await db
    .insertInto('payment_accounts')
    .values({ ...row, updated_at: now })
    .onConflict((conflict) => conflict.column('publisher_id').doUpdateSet({ ...row, updated_at: now }))
    .execute();
}

export async function deleteAccount(db: PaymentsDb, publisherId: string): Promise<void> {
  await db.deleteFrom('payment_accounts').where('publisher_id', '=', publisherId).execute();
}

export function findPlans(db: PaymentsDb, newsletterId: string): Promise<NewsletterPlansRow | undefined> {
  return db.selectFrom('newsletter_plans').selectAll().where('newsletter_id', '=', newsletterId).executeTakeFirst();
}

export async function savePlans(db: PaymentsDb, row: Omit<NewsletterPlansRow, 'updated_at'>): Promise<void> {
  const now = clock.now();
  await db
    .insertInto('newsletter_plans')
    .values({ ...row, updated_at: now })
    .onConflict((conflict) => conflict.column('newsletter_id').doUpdateSet({ ...row, updated_at: now }))
    .execute();
}

/** Notes an event as applied; false when it was already (a repeated delivery). */
export async function firstDelivery(db: PaymentsDb, publisherId: string, id: string, type: string): Promise<boolean> {
  const inserted = await db
    .insertInto('stripe_events')
    .values({ publisher_id: publisherId, id, type })
    .onConflict((conflict) => conflict.columns(['publisher_id', 'id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The subscriptions of the newsletter that give access now, found by (newsletter_id, email). */
export const payingSubscriptions = (db: PaymentsDb, newsletterId: string) =>
  db.selectFrom('paid_subscriptions').where('newsletter_id', '=', newsletterId).where('status', 'in', payingStatuses);

/**
 * Imported members who read premium stories without Stripe now (imported-members.ts): a
 * complimentary plan, or one paid elsewhere (no Stripe customer), until its expiry or for good.
 */
export const grantedMembers = (db: PaymentsDb) =>
  db
    .selectFrom('imported_members')
    .where((eb) => eb.or([eb('complimentary', '=', true), eb('customer_id', 'is', null)]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', clock.now())]));

/** The lower-case addresses reading the newsletter's premium stories now: its payers and its granted members, as a subquery. */
export const payerEmails = (db: PaymentsDb, newsletterId: string) =>
  payingSubscriptions(db, newsletterId)
    .select('email')
    .union(grantedMembers(db).where('newsletter_id', '=', newsletterId).select('email'));

/** Marks every subscriber row as the subscriptions and granted members say, where it says otherwise (at start); answers how many changed. */
export const reconcilePayers = (db: PaymentsDb) =>
  reconcilePaid(
    db,
    db
      .selectFrom('paid_subscriptions')
      .where('status', 'in', payingStatuses)
      .select(['newsletter_id', 'email'])
      .union(grantedMembers(db).select(['newsletter_id', 'email'])),
  );

/** Marks whether these readers of the newsletter read premium now, as its payers and granted members say. */
export const refreshPayers = (db: PaymentsDb, newsletterId: string, emails: readonly string[]) =>
  refreshPaid(db, newsletterId, emails, payerEmails(db, newsletterId));

/**
 * Writes a subscription as an event tells it, unless a later event already wrote it, it has ended
 * for good, or it is another publisher's, and marks on the reader's subscriber row whether they pay
 * now (and on the row it named before, when the event moved it to another newsletter of the same
 * publisher or another address). Run it in a transaction.
 */
export async function saveSubscription(
  db: PaymentsDb,
  row: Omit<PaidSubscriptionRow, 'payment_failed_at'>,
  before?: Pick<PaidSubscriptionRow, 'newsletter_id' | 'email'>,
): Promise<void> {
  const { id: _id, started_at: _started, ...changes } = row;
  await db
    .insertInto('paid_subscriptions')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet(changes)
        .whereRef('paid_subscriptions.event_at', '<=', 'excluded.event_at')
        // Stripe never brings a canceled subscription back: a late event (its time counts in whole seconds) does not either.
        .where('paid_subscriptions.status', '!=', 'canceled')
        // A row never moves to another publisher, whatever the caller checked before (webhook.ts refuses such an event).
        .whereRef('paid_subscriptions.publisher_id', '=', 'excluded.publisher_id'),
    )
    .execute();
  await refreshPayers(db, row.newsletter_id, [row.email]);
  if (before && (before.newsletter_id !== row.newsletter_id || before.email !== row.email)) await refreshPayers(db, before.newsletter_id, [before.email]);
}

export function findSubscription(db: PaymentsDb, id: string): Promise<PaidSubscriptionRow | undefined> {
  return db.selectFrom('paid_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The publisher, other than this one, that a Stripe customer already belongs to (its subscriptions
 * say so), or undefined: an event of one publisher never reaches another's customer.
 */
export async function customerOwner(db: PaymentsDb, customerId: string, publisherId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('paid_subscriptions')
    .select('publisher_id')
    .where('customer_id', '=', customerId)
    .where('publisher_id', '!=', publisherId)
    .executeTakeFirst();
  return row?.publisher_id;
}

export async function notePaymentFailed(db: PaymentsDb, publisherId: string, subscriptionId: string, at: Date): Promise<void> {
  await db.updateTable('paid_subscriptions').set({ payment_failed_at: at }).where('id', '=', subscriptionId).where('publisher_id', '=', publisherId).execute();
}

export function findPayment(db: PaymentsDb, id: string): Promise<Selectable<PaymentsTable> | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A paid invoice, once. */
export async function recordPayment(db: PaymentsDb, row: Selectable<PaymentsTable>): Promise<void> {
  await db
    .insertInto('payments')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** The reader's subscription to a newsletter that gives access now, or the latest one, or undefined. */
export async function readerSubscription(db: PaymentsDb, newsletterId: string, email: string): Promise<PaidSubscriptionRow | undefined> {
  const rows = await db
    .selectFrom('paid_subscriptions')
    .selectAll()
    .where('newsletter_id', '=', newsletterId)
    .where('email', '=', email.toLowerCase())
    .orderBy('started_at', 'desc')
    .execute();
  return rows.find((row) => payingStatuses.includes(row.status)) ?? rows[0];
}

/** The reader's grant to read the newsletter's premium stories without Stripe (an imported member's), while it lasts. */
export function readerGrant(db: PaymentsDb, newsletterId: string, email: string): Promise<{ expires_at: Date | null } | undefined> {
  return grantedMembers(db).where('newsletter_id', '=', newsletterId).where('email', '=', email.toLowerCase()).select('expires_at').executeTakeFirst();
}

/** Whether the reader pays for the newsletter now (or reads it as a granted member). */
export async function pays(db: PaymentsDb, newsletterId: string, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  const row = await payingSubscriptions(db, newsletterId)
    .select('email')
    .where('email', '=', address)
    .union(grantedMembers(db).where('newsletter_id', '=', newsletterId).where('email', '=', address).select('email'))
    .executeTakeFirst();
  return row !== undefined;
}

/** The addresses reading a newsletter's premium stories now (an issue's e-mail goes whole to them). */
export async function payingEmails(db: PaymentsDb, newsletterId: string): Promise<Set<string>> {
  const rows = await payerEmails(db, newsletterId).execute();
  return new Set(rows.map((row) => row.email));
}
