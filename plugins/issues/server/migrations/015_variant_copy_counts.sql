-- Each subject line's copies apart (issue 58, decision 0058): a subject test's sends, bounces and
-- complaints per variant are read from these counts, not by counting a million copies at each
-- look at the test. An issue without a test has its one variant, 0; its readers sum the variants.
alter table issue_copy_counts add column variant smallint not null default 0;
alter table issue_copy_counts drop constraint issue_copy_counts_pkey;
alter table issue_copy_counts add primary key (issue_id, medium, variant);

create function issue_copies_add(changed_issue text, changed_medium text, changed_variant smallint, add_sent bigint, add_bounced bigint, add_complaints bigint)
returns void language plpgsql as $$
begin
  -- An issue being deleted takes its counts with it (its deliveries go in the same statement).
  if (add_sent = 0 and add_bounced = 0 and add_complaints = 0) or not exists (select 1 from issues where id = changed_issue) then
    return;
  end if;
  insert into issue_copy_counts as counts (issue_id, medium, variant, sent, bounced, complaints)
  values (changed_issue, changed_medium, changed_variant, add_sent, add_bounced, add_complaints)
  on conflict (issue_id, medium, variant) do update
    set sent = counts.sent + excluded.sent, bounced = counts.bounced + excluded.bounced, complaints = counts.complaints + excluded.complaints;
end
$$;

create or replace function issue_copies_inserted() returns trigger language plpgsql as $$
begin
  perform issue_copies_add(issue_id, medium, variant, count(*) filter (where state = 'sent'),
    count(*) filter (where state = 'sent' and bounce in ('hard', 'soft')), count(*) filter (where bounce = 'complaint'))
  from new_rows group by issue_id, medium, variant;
  return null;
end
$$;

create or replace function issue_copies_deleted() returns trigger language plpgsql as $$
begin
  perform issue_copies_add(issue_id, medium, variant, -count(*) filter (where state = 'sent'),
    -count(*) filter (where state = 'sent' and bounce in ('hard', 'soft')), -count(*) filter (where bounce = 'complaint'))
  from old_rows group by issue_id, medium, variant;
  return null;
end
$$;

create or replace function issue_copies_updated() returns trigger language plpgsql as $$
begin
  perform issue_copies_add(issue_id, medium, variant, coalesce(sum(sign) filter (where state = 'sent'), 0),
    coalesce(sum(sign) filter (where state = 'sent' and bounce in ('hard', 'soft')), 0), coalesce(sum(sign) filter (where bounce = 'complaint'), 0))
  from (
    select issue_id, medium, variant, state, bounce, 1 as sign from new_rows
    union all
    select issue_id, medium, variant, state, bounce, -1 from old_rows
  ) changed
  group by issue_id, medium, variant;
  return null;
end
$$;

drop function issue_copies_add(text, text, bigint, bigint, bigint);

-- The counts of the tests sent before this migration, per variant.
delete from issue_copy_counts where issue_id in (select issue_id from issue_deliveries where variant > 0);
insert into issue_copy_counts (issue_id, medium, variant, sent, bounced, complaints)
select issue_id, medium, variant,
  count(*) filter (where state = 'sent'),
  count(*) filter (where state = 'sent' and bounce in ('hard', 'soft')),
  count(*) filter (where bounce = 'complaint')
from issue_deliveries where issue_id in (select issue_id from issue_deliveries where variant > 0)
group by issue_id, medium, variant;
