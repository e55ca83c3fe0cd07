-- Recordings: audio a publisher's staff uploaded or imported from a podcast provider.
-- `audio` is a storage key; answers carry its URL.

create table recordings (
  id text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  uploader_id text references users (id) on delete set null,
  title text not null,
  subtitle text not null default '',
  description text not null default '',
  image text not null default '',
  audio text not null,
  mime text not null,
  size bigint not null,
  duration real not null,
  slug text not null,
  lang text not null default 'tr',
  podcast_id text,
  content_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index recordings_publisher_created on recordings (publisher_id, created_at);
create index recordings_publisher_uploader_created on recordings (publisher_id, uploader_id, created_at);
-- One provider episode is imported once per publisher.
create unique index recordings_podcast_content_unique on recordings (publisher_id, podcast_id, content_id) where podcast_id is not null;
