-- When a newsletter was first published. Publishing is an admin's switch, except the first time:
-- whoever creates a newsletter in the wizard publishes it there (docs/decisions/0014). Once it has
-- been published, publishing it again after an admin took it down is the admin's call.
-- The core declares the column since its 005 (a fresh database has it already).
alter table newsletters add column if not exists first_published_at timestamptz;
update newsletters set first_published_at = updated_at where published and first_published_at is null;
