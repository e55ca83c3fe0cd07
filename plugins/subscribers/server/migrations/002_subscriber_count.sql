-- How many subscribers each newsletter has, kept by this plugin with the rows (store.ts
-- recountSubscribers) and read by the lists (the publisher's newsletters sort by it) without
-- counting a large table on every request. A database made before the column moved here from
-- the core's 002_newsletter_stats.sql has it already; the core declares it again since its 005.
alter table newsletters add column if not exists subscriber_count integer not null default 0;
create index if not exists newsletters_publisher_subscribers on newsletters (publisher_id, subscriber_count desc);
