-- The publisher's image library. The database keeps storage keys; answers carry their URLs.
create table images (
  id text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  uploader_id text references users (id) on delete set null,
  path_key text not null,
  small_key text not null,
  medium_key text not null,
  width integer not null,
  height integer not null,
  alt text not null default '',
  source text not null default '',
  caption text not null default '',
  mime text not null,
  size integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The gallery: newest first within a publisher, optionally only one uploader's.
create index images_publisher_created on images (publisher_id, created_at);
create index images_publisher_uploader_created on images (publisher_id, uploader_id, created_at);
