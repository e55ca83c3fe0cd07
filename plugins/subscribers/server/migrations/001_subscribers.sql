-- A newsletter's subscribers. One row per address per newsletter (case-insensitive); medium is how
-- they subscribed (e-mail, or push notification in the app).
create table subscribers (
  id text primary key,
  newsletter_id text not null references newsletters (id) on delete cascade,
  email text not null,
  name text not null default '',
  city text not null default '',
  medium text not null default 'email' check (medium in ('email', 'notification')),
  created_at timestamptz not null default now()
);
-- One subscription per address (addresses are stored lower-case). The pattern operator class lets
-- the same index find addresses by their start (search), whatever the database's collation.
create unique index subscribers_newsletter_email on subscribers (newsletter_id, lower(email) text_pattern_ops);
-- The page and the export: newest first within a newsletter (id breaks ties for stable paging).
create index subscribers_newsletter_created on subscribers (newsletter_id, created_at desc, id desc);
-- Search by the start of the name, case-insensitive and Turkish-aware (İ/I, Ş, Ğ...). Few indexes
-- on purpose: each one slows every insert, and the demo data is inserted at every test start.
create index subscribers_search_name on subscribers (newsletter_id, lower(translate(name, 'ÇĞİIÖŞÜ', 'çğiıöşü')) text_pattern_ops);

-- The subscriber timeline: sign-ups and departures per newsletter, week (its Monday, UTC) and
-- medium, kept as subscribers come and go, so the dashboard never counts a large table. The
-- running total ('subscribers') is summed from these at read time.
create table subscriber_stats (
  newsletter_id text not null references newsletters (id) on delete cascade,
  date date not null,
  type text not null check (type in ('subscriptions', 'unsubscriptions')),
  medium text not null check (medium in ('email', 'notification')),
  value integer not null default 0,
  primary key (newsletter_id, type, medium, date)
);
