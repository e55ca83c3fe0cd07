-- How many subscribers each newsletter has: kept by the subscribers plugin, read by the lists
-- (the publisher's newsletters sort by it) without counting a large table on every request.
alter table newsletters add column subscriber_count integer not null default 0;
create index newsletters_publisher_subscribers on newsletters (publisher_id, subscriber_count desc);

-- Each user's arrangement of a dashboard's panels (react-grid-layout items).
create table dashboard_layouts (
  user_id text not null references users (id) on delete cascade,
  dashboard text not null check (dashboard in ('newsletter', 'publisher')),
  layout jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, dashboard)
);
