-- The newsletter lists' sorts and filters (the core has publisher+title, the subscribers plugin publisher+subscribers),
-- and the tags in use per publisher.

-- Sorted by creation date; filtered by status (published or draft, featured), in title order.
create index newsletters_publisher_created on newsletters (publisher_id, created_at);
create index newsletters_publisher_published_title on newsletters (publisher_id, published, title);
create index newsletters_publisher_featured_title on newsletters (publisher_id, featured, title);
-- A publisher has tens of newsletters: the search (title, subtitle, key) filters the rows of one
-- publisher that the indexes above already narrowed down, so it needs no text index of its own.

-- Internal tags (spec: Tag, GET /tags/list). The stories plugin adds the tags its stories use.
create table tags (
  publisher_id text not null references publishers (id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now(),
  primary key (publisher_id, name)
);
