-- The people and machines counted once among each group of an issue's copies (a subject test's
-- subject lines, issue 58): the group comes with the copy's signed token, and a first open or
-- click (audience_seen) of a copy adds one to its group's count here, so that a test's figures per
-- subject line are a read of a few rows, not a look at each of its copies. `kind` is
-- audience_seen's: open, click, and a machine's open~m and click~m.
create table audience_group_uniques (
  content_id text not null,
  copy_group smallint not null,
  kind text not null,
  uniques integer not null default 0,
  primary key (content_id, copy_group, kind)
);
