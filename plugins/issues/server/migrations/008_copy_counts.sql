-- Each issue's copies sent, bounced and complained about per medium, kept as deliveries change:
-- the issue list shows the results of twenty issues a page, and counting a hundred thousand
-- deliveries for each would cost a second (design.md section 6). The triggers run once per
-- statement over its changed rows (transition tables), so a send's writes of a few dozen answers
-- add one small upsert each, not one per row.
create table issue_copy_counts (
  issue_id text not null references issues (id) on delete cascade,
  medium text not null,
  sent integer not null default 0,
  bounced integer not null default 0,
  complaints integer not null default 0,
  primary key (issue_id, medium)
);

-- What a statement's changed rows count: the rows as they are now add, as they were take away.
-- Each statement is static PL/pgSQL, so its plan is made once per connection.
create function issue_copies_add(changed_issue text, changed_medium text, add_sent bigint, add_bounced bigint, add_complaints bigint) returns void
language plpgsql as $$
begin
  -- An issue being deleted takes its counts with it (its deliveries go in the same statement).
  if (add_sent = 0 and add_bounced = 0 and add_complaints = 0) or not exists (select 1 from issues where id = changed_issue) then
    return;
  end if;
  insert into issue_copy_counts as counts (issue_id, medium, sent, bounced, complaints)
  values (changed_issue, changed_medium, add_sent, add_bounced, add_complaints)
  on conflict (issue_id, medium) do update
    set sent = counts.sent + excluded.sent, bounced = counts.bounced + excluded.bounced, complaints = counts.complaints + excluded.complaints;
end
$$;

create function issue_copies_inserted() returns trigger language plpgsql as $$
begin
  perform issue_copies_add(issue_id, medium, count(*) filter (where state = 'sent'),
    count(*) filter (where state = 'sent' and bounce in ('hard', 'soft')), count(*) filter (where bounce = 'complaint'))
  from new_rows group by issue_id, medium;
  return null;
end
$$;

create function issue_copies_deleted() returns trigger language plpgsql as $$
begin
  perform issue_copies_add(issue_id, medium, -count(*) filter (where state = 'sent'),
    -count(*) filter (where state = 'sent' and bounce in ('hard', 'soft')), -count(*) filter (where bounce = 'complaint'))
  from old_rows group by issue_id, medium;
  return null;
end
$$;

create function issue_copies_updated() returns trigger language plpgsql as $$
begin
  perform issue_copies_add(issue_id, medium, coalesce(sum(sign) filter (where state = 'sent'), 0),
    coalesce(sum(sign) filter (where state = 'sent' and bounce in ('hard', 'soft')), 0), coalesce(sum(sign) filter (where bounce = 'complaint'), 0))
  from (
    select issue_id, medium, state, bounce, 1 as sign from new_rows
    union all
    select issue_id, medium, state, bounce, -1 from old_rows
  ) changed
  group by issue_id, medium;
  return null;
end
$$;

create trigger issue_copies_inserted after insert on issue_deliveries
  referencing new table as new_rows for each statement execute function issue_copies_inserted();
create trigger issue_copies_updated after update on issue_deliveries
  referencing old table as old_rows new table as new_rows for each statement execute function issue_copies_updated();
create trigger issue_copies_deleted after delete on issue_deliveries
  referencing old table as old_rows for each statement execute function issue_copies_deleted();

insert into issue_copy_counts (issue_id, medium, sent, bounced, complaints)
select issue_id, medium,
  count(*) filter (where state = 'sent'),
  count(*) filter (where state = 'sent' and bounce in ('hard', 'soft')),
  count(*) filter (where bounce = 'complaint')
from issue_deliveries group by issue_id, medium;

-- An issue's unsubscriptions count until the newsletter's next e-mailed issue (results.ts): found by this index.
create index issues_newsletter_emailed on issues (newsletter_id, emailed_at) where emailed_at is not null;
