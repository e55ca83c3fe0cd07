/**
 * What other plugins may use of subscribers (analytics, sending, the public pages): the kept
 * counts (one newsletter's, or all as a subquery to sort newsletters by), the weekly timeline, the subscription series and cancellations read from their rollups,
 * ending one subscription (and making one for a signed-in reader) with its events and counts kept,
 * and the reader pages' frame with its subscribe form.
 */
import type { Expression } from 'kysely';
import type { Handle } from '../../../core/server/db/database';
import { recordBounce as recordBounceOf, suppressedEmails as suppressedOf, type BounceRecord } from './bounces';
import { seedDemoBounces as seedBounces } from './demo-bounces';
import {
  cancellationList,
  reconcilePaid as reconcilePaidOf,
  refreshPaid as refreshPaidOf,
  removeSubscriber,
  subscriberCount,
  subscriberCounts,
  subscribersDb as typed,
  subscriptionSeries as seriesOf,
  weeklyTimeline,
  type CancellationRow,
  type SubscriptionSeriesRow,
  type TimelineWeek,
} from './store';
import type { SubscriptionSource } from './tables';
import { subscribeProven as subscribeProvenOf } from './subscriptions';
import { importMembers as importMembersOf, type ImportedMember, type MemberBatchTarget, type MemberOutcome } from './import-members';
import type { AppContext } from '../../../core/server/plugins/contract';

export type { TimelineWeek, SubscriptionSeriesRow, CancellationRow };
export type { ImportedMember, MemberBatchTarget, MemberOutcome };
export type { SubscriptionMedium, SubscriptionSource } from './tables';
export { subscribeForm } from './subscribe-form';
/** The newsletter's latest published issue, for the page that confirms a subscription: the point the issues plugin contributes to (latest-issue.ts). */
export { latestIssue, type LatestIssue, type LatestIssues } from './latest-issue';
/** The frame of a newsletter's reader pages (colours, publisher, feeds, the subscribe form): reader-look.ts. */
export { readerLook, subscribeFieldsOf } from './reader-look';
export { stillSubscribed, subscribersQuery } from './store';
export type { BounceKind } from './tables';
export type { BounceRecord } from './bounces';
export type { DemoBounce } from './demo-bounces';

/** How many subscribe to a newsletter; every newsletter's count as a subquery, for `newslettersOfPublisher(db, id, { subscriberCounts })` (core/server/store.ts). */
export { subscriberCount, subscriberCounts };

/** Who of the subscribers pays, and for which plan: the point a plugin selling subscriptions contributes to (subscriber-plans.ts). */
export { subscriberPlans, payingEmailsOf, type SubscriberPlan, type SubscriberPlans } from './subscriber-plans';

/** Marks whether these subscribers of a newsletter pay now, from the seller's payers (store.ts): the seller calls it as a subscription changes. */
export const refreshPaid = (db: Handle, newsletterId: string, emails: readonly string[], payingEmails: Expression<{ email: string }>) =>
  refreshPaidOf(typed(db), newsletterId, emails, payingEmails);

/** Marks every subscriber as the payers (`newsletter_id`, lower-case `email`) say, where the flag differs; the seller calls it at start. Answers how many changed. */
export const reconcilePaid = (db: Handle, payers: Expression<{ newsletter_id: string; email: string }>) => reconcilePaidOf(typed(db), payers);

/** A newsletter's unsubscriptions in a time window, as a SQL count for an issue's results (attribution.ts). */
export { unsubscriptionsBetween } from './attribution';

/** Weekly sign-ups, departures and totals by medium (see the stats call). */
export const subscriberTimeline = (db: Handle, newsletterId: string) => weeklyTimeline(typed(db), newsletterId);

/** Ends one subscription (an unsubscribe link, or a signed-in reader: source web); answers whether the address subscribed. */
export const unsubscribe = (db: Handle, newsletterId: string, email: string, source?: SubscriptionSource) =>
  removeSubscriber(typed(db), newsletterId, email, source);

/** Subscribes an address its owner has proven (a signed-in reader), welcomed as a confirmed subscriber is. */
export const subscribeProven = (
  context: Pick<AppContext, 'mail' | 'links' | 'env' | 'log' | 'extensions'>,
  db: Handle,
  newsletter: { id: string; title: string; lang: string },
  email: string,
  source: SubscriptionSource,
) => subscribeProvenOf(context, typed(db), newsletter, email, source);

/**
 * Subscriptions and unsubscriptions of some newsletters per day, week or month (the span's first
 * day, 'YYYY-MM-DD'), by source when asked (null for an unknown source, or when not grouped),
 * read from the daily rollup.
 */
export function subscriptionSeries(
  db: Handle,
  q: { newsletterIds: string[]; startAt: Date; endAt: Date; span: 'day' | 'week' | 'month'; bySource: boolean },
): Promise<SubscriptionSeriesRow[]> {
  return seriesOf(typed(db), q);
}

/** Unsubscriptions with their reasons (subscriber id, reason, 'YYYY-MM-DD HH:mm:ss' UTC, source), newest first, at most `limit`. */
export function cancellations(db: Handle, q: { newsletterIds: string[]; startAt: Date; endAt: Date; limit: number }): Promise<CancellationRow[]> {
  return cancellationList(typed(db), q);
}

/** Records a bounce or complaint of an address for a publisher (a complaint ends the newsletter's subscription); answers whether the address is now suppressed. */
export const recordBounce = (db: Handle, record: BounceRecord) => recordBounceOf(typed(db), record);

/** The addresses the newsletter's publisher no longer mails (bounced or complained), as a subquery of lower-case `email`. */
export const suppressedEmails = (db: Handle, newsletterId: string) => suppressedOf(typed(db), newsletterId);

/** The demo's bounces and complaint for an issue of the newsletter sent at `sentAt` (demo-bounces.ts); answers the copies to mark. */
export const seedDemoBounces = (db: Handle, newsletterId: string, sentAt: Date) => seedBounces(typed(db), newsletterId, sentAt);

/**
 * Members an import brings (plugins/imports), a batch in one transaction: subscribers dated by the
 * source, with their labels; unsubscribed and cleaned addresses kept so, never mailed (import-members.ts).
 */
export const importMembers = (db: Handle, target: MemberBatchTarget, members: readonly ImportedMember[]) => importMembersOf(typed(db), target, members);

/** What an address and a name may be, as the subscribe forms and the CSV import check them. */
export { emailPattern, maxLength } from './csv-import';
