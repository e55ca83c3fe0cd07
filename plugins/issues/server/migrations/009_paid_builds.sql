-- An issue's e-mail may have a second copy, for its newsletter's paying readers: a premium bullet
-- whole instead of its teaser (plugins/payments). Kept with the build so that a resumed send has it.
alter table issue_builds add column paid_html text;
alter table issue_builds add column paid_text text;
