/** The subscribers plugin's tables as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';

export type SubscriptionMedium = 'email' | 'notification';

/** How a reader subscribed or left: an e-mail's link, the landing page, an app; '' for imports and unknown. */
export type SubscriptionSource = 'email' | 'web' | 'ios' | 'android';
export type StoredSource = SubscriptionSource | '';

export type SubscriptionEventType = 'subscription' | 'unsubscription';

export interface SubscribersTable {
  id: string;
  newsletter_id: string;
  email: string;
  name: string;
  city: string;
  medium: SubscriptionMedium;
  source: ColumnType<StoredSource, StoredSource | undefined, StoredSource>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** Pays for the newsletter now (migration 008), kept by the plugin that sells subscriptions. */
  paid: Generated<boolean>;
}

/** How many subscribe to each newsletter (migration 009), kept with the rows; no row: none. */
export interface SubscriberCountsTable {
  newsletter_id: string;
  count: number;
}

export interface SubscriberStatsTable {
  newsletter_id: string;
  /** The Monday (UTC) of the week. */
  date: ColumnType<Date, Date | string, never>;
  type: 'subscriptions' | 'unsubscriptions';
  medium: SubscriptionMedium;
  value: number;
}

export interface SubscriptionEventsTable {
  id: string;
  newsletter_id: string;
  /** Not a foreign key: the subscriber row goes when they leave, the event stays. */
  subscriber_id: string;
  type: SubscriptionEventType;
  source: StoredSource;
  /** The cancellation's reason; null for a subscription. */
  reason: string | null;
  /** The subscriber's address and name when the event happened ('' before migration 006). */
  email: ColumnType<string, string | undefined, never>;
  name: ColumnType<string, string | undefined, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface SubscriptionDailyTable {
  newsletter_id: string;
  /** The UTC day. */
  date: ColumnType<Date, Date | string, never>;
  type: SubscriptionEventType;
  source: StoredSource;
  count: number;
}

export interface UnsubscribedTable {
  newsletter_id: string;
  /** Lower-case. */
  email: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface SubscriptionRequestsTable {
  id: string;
  newsletter_id: string;
  email: string;
  name: string;
  city: string;
  source: SubscriptionSource;
  /** The mailbox the address delivers to, as the confirmation cap counts it (subscriptions.ts mailboxOf). */
  recipient: string;
  expires_at: ColumnType<Date, Date | string, never>;
  confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** What came back from an address: refused for good, for now, or reported as spam. */
export type BounceKind = 'hard' | 'soft' | 'complaint';

/** Bounces and complaints per publisher and address (migrations/005_mail_bounces.sql). */
export interface MailBouncesTable {
  publisher_id: string;
  email: string;
  kind: BounceKind;
  soft_count: ColumnType<number, number | undefined, number>;
  answer: ColumnType<string, string | undefined, string>;
  /** Set once the address gets no more mail from the publisher. */
  suppressed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Labels on subscribers (migration 010): Ghost's labels, Mailchimp's tags. */
export interface SubscriberLabelsTable {
  subscriber_id: string;
  newsletter_id: string;
  label: string;
}

export type SubscriberTables = {
  subscriber_labels: SubscriberLabelsTable;
  subscribers: SubscribersTable;
  subscriber_counts: SubscriberCountsTable;
  subscriber_stats: SubscriberStatsTable;
  subscription_events: SubscriptionEventsTable;
  subscription_daily: SubscriptionDailyTable;
  unsubscribed: UnsubscribedTable;
  subscription_requests: SubscriptionRequestsTable;
  mail_bounces: MailBouncesTable;
};

// The plugin's tables in the core's registry: `ownTables(db, 'subscribers')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    subscribers: SubscriberTables;
  }
}
