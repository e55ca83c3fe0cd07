-- Two columns of the newsletter record that plugins keep through the core's functions
-- (core/server/store.ts): how many subscribers it has (the subscribers plugin counts them,
-- setSubscriberCount) and when it was first published (the newsletters plugin's switch,
-- setNewsletterFlag). The plugins' migrations added them before the core declared its own
-- columns (docs/decisions/0025); a database made then has them already.
alter table newsletters add column if not exists subscriber_count integer not null default 0;
create index if not exists newsletters_publisher_subscribers on newsletters (publisher_id, subscriber_count desc);
alter table newsletters add column if not exists first_published_at timestamptz;
