-- The subscriber count is the subscribers plugin's, which derives it: its own table
-- subscriber_counts since its migration 009 (docs/decisions/0051, third step). The newsletter
-- record keeps it no more; its index (publisher_id, subscriber_count desc) goes with it.
alter table newsletters drop column if exists subscriber_count;

-- The core's migrations run before the plugins': on a new database the subscribers plugin's 002,
-- written before the core declared its columns (005), adds the column again after this file. That
-- plugin's 009 drops it then through this function, since only the core names its table.
create function newsletters_drop_subscriber_count() returns void language plpgsql as $$
begin
  alter table newsletters drop column if exists subscriber_count;
end
$$;
