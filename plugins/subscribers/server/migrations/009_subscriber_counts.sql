-- How many subscribe to each newsletter, kept by this plugin, which derives the figure (it was the
-- core's newsletters.subscriber_count: docs/decisions/0051, third step). The newsletter lists show
-- it and sort by it without counting a large table on every request. Every change of the rows adds
-- to it in the same transaction, in one statement (store.ts addToCount); a newsletter without a
-- row has no subscribers.
create table subscriber_counts (
  newsletter_id text primary key references newsletters (id) on delete cascade,
  count integer not null default 0
);

-- What the rows count: the value the record kept, which every change of them set so.
insert into subscriber_counts (newsletter_id, count)
select newsletter_id, count(*) from subscribers group by newsletter_id;

-- The record's column, which this plugin's 002 adds again on a new database after the core's 006
-- dropped it: the core drops it (its function, as only the core names its table).
select newsletters_drop_subscriber_count();
