-- Issues (spec 001: Issue, Channel, Channel template): an intro plus stories grouped in channels.
-- The channels are one ordered list per issue, kept with it and changed one operation at a time
-- (docs/decisions/0010); a story says which issue it is in (stories.issue_id).

create table issues (
  id text primary key,
  newsletter_id text not null references newsletters (id) on delete cascade,
  publisher_id text not null references publishers (id) on delete cascade,
  -- The code name it was created with.
  key text not null,
  subject text not null default '',
  preview text not null default '',
  -- /i/{slug}: unique across the platform, derived from the subject while a draft.
  slug text not null,
  -- Set when someone chose the slug: it then no longer follows the subject.
  slug_custom boolean not null default false,
  premium boolean not null default false,
  image text not null default '',
  recording_id text,
  -- Episodes belong to another plugin: no foreign key.
  episode_id text,
  intro_id text not null,
  intro_html text not null default '',
  intro_text text not null default '',
  notification_title text not null default '',
  notification_body text not null default '',
  channels jsonb not null default '[]',
  draft boolean not null default true,
  ready boolean not null default false,
  accepted boolean not null default false,
  tested boolean not null default false,
  scheduled boolean not null default false,
  queued boolean not null default false,
  processing boolean not null default false,
  published boolean not null default false,
  notified boolean not null default false,
  emailed boolean not null default false,
  featured boolean not null default false,
  sent boolean not null default false,
  cancelled boolean not null default false,
  published_at timestamptz,
  notified_at timestamptz,
  emailed_at timestamptz,
  owner_id text references users (id) on delete set null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index issues_slug_unique on issues (slug);
create index issues_key on issues (key);
-- The lists: drafts by last change, published ones by publication date, and by creation.
create index issues_newsletter_updated on issues (newsletter_id, updated_at);
create index issues_newsletter_published_at on issues (newsletter_id, published_at desc nulls last);
create index issues_newsletter_created on issues (newsletter_id, created_at);
create index issues_owner on issues (owner_id);
create index issues_search on issues using gin ((subject || ' ' || preview || ' ' || key || ' ' || slug) public.gin_trgm_ops);
-- A story's issue, for the issue's content.
create index stories_issue on stories (issue_id) where issue_id is not null;

create table channel_templates (
  id text primary key,
  newsletter_id text not null references newsletters (id) on delete cascade,
  title text not null,
  channels jsonb not null default '[]',
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create index channel_templates_newsletter on channel_templates (newsletter_id, position);
