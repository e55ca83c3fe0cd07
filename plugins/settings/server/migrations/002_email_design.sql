-- A newsletter's e-mail design (spec 002 section 3: E-mail design), as the design page saves it.
-- Null until then, and a newsletter may have no settings row at all: readers fall back to the
-- defaults (plugins/settings/server/defaults.ts, defaultEmailDesign).
alter table newsletter_settings add column email_design jsonb;
