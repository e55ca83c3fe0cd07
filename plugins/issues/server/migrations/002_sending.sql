-- Sending an issue (docs/decisions/0011-sending-issues.md): what the publication was asked to
-- send it as, the e-mail rendered once per issue, one row per recipient and medium recording
-- what became of the message, the run that holds the issue while sending, and the addresses that
-- refused mail for good.

alter table issues add column plan_email boolean not null default false;
alter table issues add column plan_notification boolean not null default false;
-- The current plan: when it runs and the queued job that runs it.
alter table issues add column planned_at timestamptz;
alter table issues add column job_id text;

-- The e-mail as it was last built (a preview or a send): HTML and text with personal marks.
create table issue_builds (
  issue_id text primary key references issues (id) on delete cascade,
  html text not null,
  text text not null,
  bytes integer not null,
  built_at timestamptz not null default now()
);

-- One message per (issue, recipient, medium): sending is idempotent on this key. The address and
-- name are copied when the send starts, so the row says who it went to.
--   pending  to send (next_at: not before, after a temporary refusal)
--   claimed  taken by a running connection, not yet handed over (back to pending after a crash)
--   sending  handed to the SMTP server, no answer recorded yet (in doubt after a crash)
--   sent, failed (answer holds what the server said), doubt (resent only if someone asks)
create table issue_deliveries (
  issue_id text not null references issues (id) on delete cascade,
  medium text not null check (medium in ('email', 'notification')),
  subscriber_id text not null,
  email text not null,
  name text not null default '',
  state text not null default 'pending' check (state in ('pending', 'claimed', 'sending', 'sent', 'failed', 'doubt')),
  attempts integer not null default 0,
  answer text not null default '',
  next_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (issue_id, medium, subscriber_id)
);
create index issue_deliveries_state on issue_deliveries (issue_id, medium, state);

-- The run sending an issue holds it until lease_until and renews it; another process takes over
-- an issue whose lease ran out (its sender died) and finishes the send.
create table issue_sending (
  issue_id text primary key references issues (id) on delete cascade,
  owner text,
  lease_until timestamptz,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
create index issue_sending_open on issue_sending (lease_until) where finished_at is null;

-- Addresses whose server refused mail for good (a hard bounce): nothing more goes to them.
create table mail_suppressions (
  email text primary key,
  answer text not null default '',
  created_at timestamptz not null default now()
);
