-- When a newsletter was first published. Publishing is an admin's switch, except the first time:
-- whoever creates a newsletter in the wizard publishes it there (docs/decisions/0014). Once it has
-- been published, publishing it again after an admin took it down is the admin's call.
alter table newsletters add column first_published_at timestamptz;
update newsletters set first_published_at = updated_at where published;
