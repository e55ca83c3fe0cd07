-- The e-mailed copies of a deleted issue, kept for the bounces and complaints that may still come
-- back to their VERP addresses (bounces/apply.ts): without them such a report named no copy, and
-- nothing may then be applied to an address the report names instead. Only what matching needs:
-- the copy (issue, subscriber), its recipient, the newsletter it came from, when it left, and
-- what came back already (so that a report applies once). A row counts for
-- bounces/apply.ts's deletedCopyDays after sent_at and is pruned after that (bounces/routes.ts).
create table deleted_issue_copies (
  subscriber_id text not null,
  issue_id text not null,
  email text not null,
  newsletter_id text not null,
  sent_at timestamptz not null,
  bounce text check (bounce in ('hard', 'soft', 'complaint')),
  primary key (subscriber_id, issue_id)
);
create index deleted_issue_copies_sent_at on deleted_issue_copies (sent_at);

-- Before an issue goes (its deliveries go with it, on delete cascade), its copies that may have
-- reached a server are kept. Not when the issue goes with its newsletter or publisher (a cascade,
-- deeper than one trigger): their subscriptions and suppressions go too, and nothing is left to
-- apply a report to.
create function issue_copies_keep() returns trigger language plpgsql as $$
begin
  if pg_trigger_depth() = 1 then
    insert into deleted_issue_copies (subscriber_id, issue_id, email, newsletter_id, sent_at, bounce)
    select subscriber_id, issue_id, email, old.newsletter_id, updated_at, bounce
    from issue_deliveries
    where issue_id = old.id and medium = 'email' and state in ('sent', 'sending', 'doubt')
    on conflict do nothing;
  end if;
  return old;
end
$$;

create trigger issue_copies_keep before delete on issues for each row execute function issue_copies_keep();
