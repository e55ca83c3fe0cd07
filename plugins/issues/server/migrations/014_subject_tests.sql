-- A subject test (issue 58, decision 0058): the subject lines an issue tries on a share of its
-- e-mail audience, the issue's own first; what decides; the phase it is in (testing: planned, or
-- its copies going out; waiting: until decide_at; decided; cancelled) and the decision with the
-- figures it read. `active` until the issue's send is done or cancelled: the watchdog reads the
-- active ones only (a few), by the partial index.
create table issue_subject_tests (
  issue_id text primary key references issues (id) on delete cascade,
  variants jsonb not null,
  share smallint not null,
  wait_minutes integer not null,
  decide_by text not null,
  phase text not null default 'testing',
  active boolean not null default true,
  decide_at timestamptz,
  winner smallint,
  decided_by text,
  confidence double precision,
  decision jsonb,
  decided_at timestamptz
);
create index issue_subject_tests_active on issue_subject_tests (issue_id) where active;

-- Each subject line's e-mail is built once for the send (its subject and preview are in the
-- HTML), and kept for a resumed send as the issue's own is: a build per variant.
alter table issue_builds add column variant smallint not null default 0;
alter table issue_builds drop constraint issue_builds_pkey;
alter table issue_builds add primary key (issue_id, variant);
