-- An issue's shared document (docs/decisions/0022): the Yjs updates its plain-text fields were
-- typed with, in the order they were stored. The issue's columns hold what the document reads;
-- the updates are merged into one row now and then.
create table issue_doc_updates (
  id bigserial primary key,
  issue_id text not null references issues (id) on delete cascade,
  data bytea not null
);

create index issue_doc_updates_issue on issue_doc_updates (issue_id, id);
