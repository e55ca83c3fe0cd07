/**
 * What other plugins may use of subscribers (analytics, sending, a public unsubscribe page): the
 * kept count, the weekly timeline, and removing one subscription with its count and timeline kept.
 */
import type { Kysely } from 'kysely';
import type { CoreTables } from '../../../core/server/db/tables';
import { removeSubscriber, subscriberCount, weeklyTimeline, type SubscribersDb, type TimelineWeek } from './store';
import type { SubscriberTables } from './tables';

export type { TimelineWeek };
export type { SubscriptionMedium } from './tables';

const typed = (db: Kysely<CoreTables>) => db.withTables<SubscriberTables>() as SubscribersDb;

export { subscriberCount };

/** Weekly sign-ups, departures and totals by medium (see the stats call). */
export const subscriberTimeline = (db: Kysely<CoreTables>, newsletterId: string) => weeklyTimeline(typed(db), newsletterId);

/** Ends one subscription (an unsubscribe link); answers whether the address subscribed. */
export const unsubscribe = (db: Kysely<CoreTables>, newsletterId: string, email: string) => removeSubscriber(typed(db), newsletterId, email);
