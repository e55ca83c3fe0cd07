-- Paid subscriptions through Stripe (docs/decisions/0042-paid-subscriptions.md). Stripe's webhooks
-- are the only source of truth for who pays: paid_subscriptions and payments are written from its
-- events alone, each event once (stripe_events).

-- A publisher's Stripe keys, sealed (core/server/secret-box.ts); the hint is all the console sees.
create table payment_accounts (
  publisher_id text primary key references publishers (id) on delete cascade,
  secret_key_sealed text not null,
  secret_key_hint text not null,
  webhook_secret_sealed text not null,
  updated_at timestamptz not null default now()
);

-- A newsletter's prices, in the currency's minor unit (kuruş, cents); a plan without a price is not offered.
create table newsletter_plans (
  newsletter_id text primary key references newsletters (id) on delete cascade,
  currency text not null,
  monthly_amount integer check (monthly_amount > 0),
  yearly_amount integer check (yearly_amount > 0),
  updated_at timestamptz not null default now()
);

-- A reader's subscription as Stripe last told it (its id is Stripe's).
create table paid_subscriptions (
  id text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  newsletter_id text not null references newsletters (id) on delete cascade,
  -- Lower-case.
  email text not null,
  customer_id text not null,
  plan text not null check (plan in ('monthly', 'yearly')),
  amount integer not null,
  currency text not null,
  -- Stripe's status: active, trialing and past_due (its grace period while it retries) give access.
  status text not null,
  current_period_end timestamptz,
  started_at timestamptz not null,
  ended_at timestamptz,
  payment_failed_at timestamptz,
  -- When the event this row was last written from was made: an older event changes nothing.
  event_at timestamptz not null
);
create index paid_subscriptions_reader on paid_subscriptions (newsletter_id, email);
create index paid_subscriptions_publisher on paid_subscriptions (publisher_id, started_at);

-- A paid invoice: the revenue Earnings sums.
create table payments (
  id text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  newsletter_id text not null references newsletters (id) on delete cascade,
  subscription_id text not null,
  amount integer not null,
  currency text not null,
  paid_at timestamptz not null
);
create index payments_publisher on payments (publisher_id, paid_at);

-- Each Stripe event applied once: a repeated delivery finds its id here and changes nothing.
create table stripe_events (
  publisher_id text not null references publishers (id) on delete cascade,
  id text not null,
  type text not null,
  received_at timestamptz not null default now(),
  primary key (publisher_id, id)
);
