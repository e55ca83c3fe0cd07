-- newsletters.subscriber_count, once added here, belongs to the subscribers plugin that keeps it:
-- plugins/subscribers/server/migrations/002_subscriber_count.sql adds it, and leaves a database
-- that ran the first version of this file as it is.

-- Each user's arrangement of a dashboard's panels (react-grid-layout items).
create table dashboard_layouts (
  user_id text not null references users (id) on delete cascade,
  dashboard text not null check (dashboard in ('newsletter', 'publisher')),
  layout jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, dashboard)
);
