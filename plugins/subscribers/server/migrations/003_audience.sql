-- Readers coming and going (spec 002: subscriptions and unsubscriptions by source, cancellation
-- reasons). Every subscription and unsubscription is written by store.ts recordSubscription /
-- endSubscription, which keep all of these tables in one transaction.

-- How a subscriber subscribed: 'email' (a link in an e-mail), 'web' (the landing page), 'ios',
-- 'android' (the apps); '' for imports and rows from before this column (the console shows 'null').
alter table subscribers add column source text not null default ''
  check (source in ('', 'email', 'web', 'ios', 'android'));

-- One row per subscription or unsubscription. subscriber_id is not a foreign key: an
-- unsubscription deletes the subscriber row, and its event must stay (the cancellation table
-- shows the id). reason is the cancellation's (null for a subscription).
create table subscription_events (
  id text primary key,
  newsletter_id text not null references newsletters (id) on delete cascade,
  subscriber_id text not null,
  type text not null check (type in ('subscription', 'unsubscription')),
  source text not null default '' check (source in ('', 'email', 'web', 'ios', 'android')),
  reason text,
  created_at timestamptz not null default now()
);
-- The cancellation view: a newsletter's unsubscriptions in a date range, newest first. Partial,
-- so subscriptions (most rows, and the demo's bulk inserts) do not pay for it.
create index subscription_events_cancellations on subscription_events (newsletter_id, created_at desc) where type = 'unsubscription';

-- The charts read this daily rollup, never the events: a year of a newsletter is at most
-- 365 days x 2 types x 5 sources rows, whatever its size. Kept in the transaction of each event.
-- The key leads with (newsletter_id, date) so a date range of some newsletters is one index range each.
create table subscription_daily (
  newsletter_id text not null references newsletters (id) on delete cascade,
  date date not null,
  type text not null check (type in ('subscription', 'unsubscription')),
  source text not null default '',
  count integer not null default 0,
  primary key (newsletter_id, date, type, source)
);

-- Addresses that left a newsletter: an import or the demo data never adds them again; only the
-- address's own confirmed subscription (it asked again) removes its row. Stored lower-case.
create table unsubscribed (
  newsletter_id text not null references newsletters (id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now(),
  primary key (newsletter_id, email)
);

-- Double opt-in: a subscription asked for on the landing page or in an app, waiting for its
-- confirmation link (a signed id of this row). Kept after confirming (confirmed_at) so a second
-- click on the link shows the same thank-you page; expired rows are deleted as new ones come.
create table subscription_requests (
  id text primary key,
  newsletter_id text not null references newsletters (id) on delete cascade,
  email text not null,
  name text not null default '',
  city text not null default '',
  source text not null check (source in ('email', 'web', 'ios', 'android')),
  expires_at timestamptz not null,
  confirmed_at timestamptz,
  created_at timestamptz not null default now()
);
create index subscription_requests_expires on subscription_requests (expires_at);
