-- Opens, clicks and reads (docs/decisions/0012-audience-tracking.md). Every event is kept as it
-- arrived, with its verdict (a person, or a machine and why), and no raw address: ip_hash is a
-- keyed hash. The charts never read this table: the rollups below are kept as events arrive.
create table audience_events (
  id bigserial primary key,
  at timestamptz not null,
  type text not null check (type in ('open', 'click', 'read')),
  content_type text not null check (content_type in ('issue', 'story')),
  content_id text not null,
  newsletter_id text not null,
  -- Who received the e-mail (opens and clicks); null for reads of a public page.
  subscriber_id text,
  source text not null check (source in ('email', 'web', 'ios', 'android')),
  machine boolean not null,
  -- Why a machine: apple-privacy, prefetch-proxy, prefetch, head, agent, too-fast, burst; '' for a person.
  reason text not null default '',
  ip_hash text not null,
  -- The link's place in the content (clicks).
  position integer,
  -- Time on the page (reads).
  duration_ms integer
);

-- A content's links in document order (the click map), as its e-mail carried them. A link inside
-- a story counts for that story too.
create table audience_links (
  content_id text not null,
  position integer not null,
  url text not null,
  story_id text,
  primary key (content_id, position)
);

-- Who has been counted once already, so that `unique` figures are distinct readers: per content
-- and type (and per link for the click map), a subscriber or, for reads, an address hash.
create table audience_seen (
  content_id text not null,
  kind text not null,
  who text not null,
  primary key (content_id, kind, who)
);

-- Per content, day (UTC), type and source: people (total, unique) and machines apart.
create table audience_daily (
  content_id text not null,
  type text not null,
  date date not null,
  source text not null,
  content_type text not null,
  newsletter_id text not null,
  total integer not null default 0,
  uniques integer not null default 0,
  machine integer not null default 0,
  machine_uniques integer not null default 0,
  duration_ms bigint not null default 0,
  primary key (content_id, type, date, source)
);
create index audience_daily_newsletter on audience_daily (newsletter_id, type, date);

-- The same per newsletter (what the newsletter and publisher charts read).
create table audience_newsletter_daily (
  newsletter_id text not null,
  type text not null,
  date date not null,
  source text not null,
  total integer not null default 0,
  uniques integer not null default 0,
  machine integer not null default 0,
  machine_uniques integer not null default 0,
  duration_ms bigint not null default 0,
  primary key (newsletter_id, type, date, source)
);

-- Per link of a content: people, distinct subscribers and addresses, machines.
create table audience_link_counts (
  content_id text not null,
  position integer not null,
  total integer not null default 0,
  subscribers integer not null default 0,
  ips integer not null default 0,
  machine integer not null default 0,
  primary key (content_id, position)
);

-- The newsletter of each tracked content, so a pixel or a click needs nothing more than its token.
create table audience_contents (
  content_id text primary key,
  content_type text not null,
  newsletter_id text not null
);
create index audience_links_story on audience_links (story_id) where story_id is not null;
