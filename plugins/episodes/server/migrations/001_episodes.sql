-- Episodes: a newsletter's podcast episodes, each made from a recording (its audio file is copied,
-- so the episode keeps playing whatever happens to the recording), and the
-- podcast RSS feeds a publisher browses when it imports from a feed.

create table episodes (
  id text primary key,
  newsletter_id text not null references newsletters (id) on delete cascade,
  publisher_id text not null references publishers (id) on delete cascade,
  -- No foreign key: the recordings plugin may be switched off; the episode keeps its audio.
  recording_id text,
  title text not null,
  key text not null,
  subtitle text not null default '',
  body text not null default '',
  image text not null default '',
  -- The storage key of the episode's own copy of the audio.
  audio_key text not null,
  audio_type text not null default 'audio/mpeg',
  audio_size bigint not null default 0,
  duration real not null default 0,
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'published')),
  scheduled_at timestamptz,
  published_at timestamptz,
  -- The queued publication of a scheduled episode, cancelled when the plan changes.
  job_id text,
  type text not null default 'other' check (type in ('other', 'tts')),
  parent_id text,
  parent_type text check (parent_type in ('Story', 'Issue')),
  lang text not null default 'tr',
  uploader_id text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index episodes_newsletter_key_unique on episodes (newsletter_id, key);
-- The Episodes page: newest first, optionally only the caller's.
create index episodes_newsletter_created on episodes (newsletter_id, created_at);
create index episodes_newsletter_uploader_created on episodes (newsletter_id, uploader_id, created_at);
-- The public podcast feed: a newsletter's published episodes, newest first.
create index episodes_newsletter_status_published on episodes (newsletter_id, status, published_at);

create table podcast_feeds (
  id text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  url text not null,
  title text not null default '',
  created_at timestamptz not null default now()
);
create unique index podcast_feeds_publisher_url_unique on podcast_feeds (publisher_id, url);
create index podcast_feeds_publisher_created on podcast_feeds (publisher_id, created_at);
