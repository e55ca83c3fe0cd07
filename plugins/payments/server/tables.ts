/** The payments plugin's tables as Kysely sees them (migrations/001_payments.sql). */
import type { ColumnType } from 'kysely';

export interface PaymentAccountsTable {
  publisher_id: string;
  /** The secret key, sealed (core/server/secret-box.ts). */
  secret_key_sealed: string;
  /** What the console shows of the key: its prefix and last four characters. */
  secret_key_hint: string;
  /** The webhook endpoint's signing secret, sealed. */
  webhook_secret_sealed: string;
  /** The Stripe account the key belongs to, as GET /v1/account answered (null: keys from before issue 56, or a restricted key that may not read it). */
  account_id: string | null;
  account_name: string | null;
  /** Live or test mode (null: keys from before issue 56). */
  livemode: boolean | null;
  /** The webhook endpoint the server created (removed with the key); null: one made by hand. */
  webhook_endpoint_id: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface NewsletterPlansTable {
  newsletter_id: string;
  /** ISO 4217, lower-case as Stripe writes it. */
  currency: string;
  /** In the currency's minor unit; null: the plan is not offered. */
  monthly_amount: number | null;
  yearly_amount: number | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type Plan = 'monthly' | 'yearly';

export interface PaidSubscriptionsTable {
  /** Stripe's subscription id. */
  id: string;
  publisher_id: string;
  newsletter_id: string;
  /** Lower-case. */
  email: string;
  customer_id: string;
  plan: Plan;
  amount: number;
  currency: string;
  status: string;
  current_period_end: Date | null;
  started_at: Date;
  ended_at: Date | null;
  payment_failed_at: Date | null;
  event_at: Date;
}

export interface PaymentsTable {
  /** Stripe's invoice id. */
  id: string;
  publisher_id: string;
  newsletter_id: string;
  subscription_id: string;
  amount: number;
  currency: string;
  paid_at: Date;
}

export interface StripeEventsTable {
  publisher_id: string;
  id: string;
  type: string;
  received_at: ColumnType<Date, Date | undefined, never>;
}

export type ProblemKind = 'checkout' | 'webhook';

/** The last problem of a kind (migrations/004_connected_account.sql). */
export interface PaymentProblemsTable {
  publisher_id: string;
  kind: ProblemKind;
  reason: string;
  occurred_at: Date;
  notified_at: Date | null;
}

/** A paying member an import brought (migrations/003_imported_members.sql). */
export interface ImportedMembersTable {
  newsletter_id: string;
  /** Lower-case. */
  email: string;
  publisher_id: string;
  customer_id: string | null;
  complimentary: boolean;
  /** A complimentary member reads premium until then; null: for good. */
  expires_at: Date | null;
  /** Whether the customer was found in the connected Stripe account; null without a customer id. */
  stripe_match: 'pending' | 'matched' | 'missing' | null;
  imported_at: ColumnType<Date, Date | undefined, never>;
}

// A type (not an interface), so that Kysely's withTables<...>() accepts it.
export type PaymentTables = {
  payment_accounts: PaymentAccountsTable;
  newsletter_plans: NewsletterPlansTable;
  paid_subscriptions: PaidSubscriptionsTable;
  payments: PaymentsTable;
  stripe_events: StripeEventsTable;
  imported_members: ImportedMembersTable;
  payment_problems: PaymentProblemsTable;
};

// The plugin's tables in the core's registry: `ownTables(db, 'payments')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    payments: PaymentTables;
  }
}
