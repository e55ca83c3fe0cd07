-- Whether the publication holding the issue has made its e-mail and its recipients (issue 59): a
-- publication's run holds the issue before it makes them, and a run taking over one whose process
-- died meanwhile makes them again instead of sending a list that was never made. Sends begun
-- before this were made whole.
alter table issue_sending add column planned boolean not null default true;
