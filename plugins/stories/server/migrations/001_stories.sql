-- Trigram indexes make the lists' substring search ('%metro%') fast. In public, so that every
-- schema of the database (the tests give each run its own) finds its operator classes.
create extension if not exists pg_trgm with schema public;

-- Stories (spec 001: Story, Author): bullets and articles of a newsletter with their status flags,
-- the pen names they are signed with, and the version that guards concurrent saves.

create table pen_names (
  id text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  -- The staff member it belongs to; null for a shared one (a desk, a column).
  user_id text references users (id) on delete set null,
  name text not null,
  created_at timestamptz not null default now()
);
create unique index pen_names_publisher_name_unique on pen_names (publisher_id, lower(name));
create index pen_names_user on pen_names (user_id);

create table stories (
  id text primary key,
  newsletter_id text not null references newsletters (id) on delete cascade,
  publisher_id text not null references publishers (id) on delete cascade,
  type text not null check (type in ('bullet', 'article')),
  title text not null default '',
  subtitle text not null default '',
  -- Articles only; unique across the platform: the public page is /s/{slug}.
  slug text,
  -- Set when a writer chose the slug; otherwise it follows the title until the story is published.
  slug_custom boolean not null default false,
  image text not null default '',
  body_html text not null default '',
  body_text text not null default '',
  summary text not null default '',
  reading_time_ms integer not null default 0,
  tags jsonb not null default '[]',
  interest_id text,
  keywords jsonb not null default '[]',
  writer_id text references pen_names (id) on delete set null,
  -- Issues and episodes belong to other plugins, which may be switched off: no foreign keys.
  issue_id text,
  episode_id text,
  is_premium boolean not null default false,
  notify boolean not null default false,
  draft boolean not null default true,
  ready boolean not null default false,
  accepted boolean not null default false,
  scheduled boolean not null default false,
  queued boolean not null default false,
  processing boolean not null default false,
  notified boolean not null default false,
  published boolean not null default false,
  featured boolean not null default false,
  tested boolean not null default false,
  rejected boolean not null default false,
  cancelled boolean not null default false,
  scheduled_at timestamptz,
  published_at timestamptz,
  notified_at timestamptz,
  -- The queued release of a scheduled story, cancelled when the plan changes.
  job_id text,
  -- What the public page shows: the content as it was when it was last released or accepted,
  -- so a published story edited again stays as readers saw it until it is accepted.
  published_content jsonb,
  reads integer not null default 0,
  owner_id text references users (id) on delete set null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index stories_slug_unique on stories (slug) where slug is not null;
-- The lists: a newsletter's stories by last change (the default), creation or publication date,
-- by title, and per type; the status filters narrow these down.
create index stories_newsletter_updated on stories (newsletter_id, updated_at);
create index stories_newsletter_created on stories (newsletter_id, created_at);
create index stories_newsletter_published_at on stories (newsletter_id, published_at desc nulls last);
create index stories_newsletter_title on stories (newsletter_id, title);
create index stories_newsletter_type_updated on stories (newsletter_id, type, updated_at);
create index stories_newsletter_draft_updated on stories (newsletter_id, draft, updated_at);
create index stories_newsletter_published_updated on stories (newsletter_id, published, updated_at);
create index stories_owner_updated on stories (owner_id, updated_at);
-- The search: title, subtitle and text as one string (store.ts searches the same expression).
create index stories_search on stories using gin ((title || ' ' || subtitle || ' ' || body_text) public.gin_trgm_ops);
create index stories_writer on stories (writer_id);

-- How many stories each newsletter has per type and combination of the flags the badges are made
-- of, kept by a trigger as stories come, go and change status: a list's count never counts a
-- large table (design.md section 6). Badge filters sum the combinations that show that badge.
create table story_counts (
  newsletter_id text not null references newsletters (id) on delete cascade,
  type text not null,
  draft boolean not null,
  ready boolean not null,
  accepted boolean not null,
  scheduled boolean not null,
  published boolean not null,
  cancelled boolean not null,
  rejected boolean not null,
  count integer not null default 0,
  primary key (newsletter_id, type, draft, ready, accepted, scheduled, published, cancelled, rejected)
);

create function stories_keep_counts() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and (old.newsletter_id, old.type, old.draft, old.ready, old.accepted, old.scheduled, old.published, old.cancelled, old.rejected)
    is not distinct from (new.newsletter_id, new.type, new.draft, new.ready, new.accepted, new.scheduled, new.published, new.cancelled, new.rejected) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    update story_counts set count = count - 1
    where (newsletter_id, type, draft, ready, accepted, scheduled, published, cancelled, rejected)
      = (old.newsletter_id, old.type, old.draft, old.ready, old.accepted, old.scheduled, old.published, old.cancelled, old.rejected);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into story_counts (newsletter_id, type, draft, ready, accepted, scheduled, published, cancelled, rejected, count)
    values (new.newsletter_id, new.type, new.draft, new.ready, new.accepted, new.scheduled, new.published, new.cancelled, new.rejected, 1)
    on conflict (newsletter_id, type, draft, ready, accepted, scheduled, published, cancelled, rejected) do update set count = story_counts.count + 1;
  end if;
  return null;
end
$$;

create trigger stories_keep_counts after insert or delete or update of newsletter_id, type, draft, ready, accepted, scheduled, published, cancelled, rejected
  on stories for each row execute function stories_keep_counts();
