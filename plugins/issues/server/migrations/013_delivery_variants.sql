-- Which subject line and preview a copy carries (issue 58, decision 0058): 0 is the issue's own;
-- a subject test's copies carry the variant they try, the rest of the audience the winner's.
-- Written with the row and never changed, so a send's updates stay heap-only (migration 012).
alter table issue_deliveries add column variant smallint not null default 0;
