-- Collections: a publisher's curated lists of items (published stories), in order. The owner is
-- the collection's parent: a newsletter of the publisher or the publisher itself.

create table collections (
  id text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  -- No foreign key: the owner is a newsletter or the publisher (owner_model says which).
  owner_id text not null,
  owner_model text not null default 'Publisher' check (owner_model in ('Newsletter', 'Publisher')),
  title text not null,
  description text not null default '',
  image text not null default '',
  slug text not null,
  key text not null,
  children_ref text not null default 'Story' check (children_ref in ('Story')),
  -- The items' ids in their order (JSON array).
  children text not null default '[]',
  published boolean not null default false,
  featured boolean not null default false,
  indexed boolean not null default false,
  published_at timestamptz,
  color text not null default '',
  lang text not null default 'tr',
  creator_id text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The public page /c/{slug} and the key check are platform-wide.
create unique index collections_slug_unique on collections (slug);
create unique index collections_key_unique on collections (key);
-- The lists: a publisher's collections, or one owner's, latest first.
create index collections_publisher_updated on collections (publisher_id, updated_at);
create index collections_owner_updated on collections (owner_id, updated_at);
