-- A send changes each copy's row three times (claimed, sending, its answer). An update that
-- changes no indexed column and finds room on its row's page is a heap-only tuple: no index
-- entry is added, and the page's old versions are pruned as it is read again. The index on the
-- state made every one of those updates add an entry to both indexes; the queries that filtered
-- on it read one issue's rows by the primary key instead (a claim reads on from its last
-- subscriber, decision 0011; the rest read the issue's rows once). New pages keep 30 % free for
-- the updates.
drop index issue_deliveries_state;
alter table issue_deliveries set (fillfactor = 70);
