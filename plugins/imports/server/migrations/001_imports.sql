-- Imports into a newsletter (plugins/imports, issue 56). An import is a job: queued, running, then
-- done or failed; its counts and progress are saved as it runs, so the console can follow it.
create table imports (
  id text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  newsletter_id text not null references newsletters (id) on delete cascade,
  source text not null check (source in ('ghost', 'substack', 'mailchimp', 'beehiiv')),
  dry_run boolean not null,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  -- The uploaded files as the runner reads them: [{ name, path, size }].
  files jsonb not null,
  stories integer not null default 0,
  issues integer not null default 0,
  subscribers integer not null default 0,
  paid integer not null default 0,
  skipped integer not null default 0,
  -- From 0 to 1: the share of the uploaded bytes read.
  progress real not null default 0,
  error text,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
-- The publisher's imports, newest first.
create index imports_publisher_created on imports (publisher_id, created_at desc, id desc);

-- What the report says of each item. Unique by item and action: a run restarted after a crash goes
-- over its files again, and an item it reported already is not reported twice.
create table import_report_rows (
  import_id text not null references imports (id) on delete cascade,
  seq integer not null,
  action text not null check (action in ('taken', 'changed', 'skipped', 'failed')),
  kind text not null,
  ref text not null,
  reason text not null,
  primary key (import_id, seq)
);
create unique index import_report_rows_item on import_report_rows (import_id, kind, ref, action);
-- The report filtered by action, in its order.
create index import_report_rows_action on import_report_rows (import_id, action, seq);

-- The idempotence memory: what the source's item `key` (a Ghost post id, an e-mail address) became
-- in the newsletter, and which import took it. A second run finds it and adds nothing.
create table import_memory (
  newsletter_id text not null references newsletters (id) on delete cascade,
  kind text not null,
  key text not null,
  target_id text not null,
  import_id text not null,
  primary key (newsletter_id, kind, key)
);
