/** The subscribers plugin's tables as Kysely sees them. */
import type { ColumnType } from 'kysely';

export type SubscriptionMedium = 'email' | 'notification';

export interface SubscribersTable {
  id: string;
  newsletter_id: string;
  email: string;
  name: string;
  city: string;
  medium: SubscriptionMedium;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface SubscriberStatsTable {
  newsletter_id: string;
  /** The Monday (UTC) of the week. */
  date: ColumnType<Date, Date | string, never>;
  type: 'subscriptions' | 'unsubscriptions';
  medium: SubscriptionMedium;
  value: number;
}

export type SubscriberTables = {
  subscribers: SubscribersTable;
  subscriber_stats: SubscriberStatsTable;
};
