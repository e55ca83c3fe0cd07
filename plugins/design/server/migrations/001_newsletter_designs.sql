-- A newsletter's e-mail design (spec 002 section 3: E-mail design) and web design (sections 2.8
-- and 3: the landing page's cover, what the subscribe form asks; decision 0038), as the design
-- pages save them. They were columns of the settings plugin's newsletter_settings (its 002, 003
-- and 005); the design plugin keeps them since this file (docs/decisions/0051, fourth step), with
-- the same types, defaults and checks. A newsletter without a row has the defaults
-- (core/shared/email-design.ts, plugins/newsletters/server/look.ts).
create table newsletter_designs (
  newsletter_id text primary key references newsletters (id) on delete cascade,
  -- What the design page saved; null until then (the defaults).
  email_design jsonb,
  web_cover text not null default '',
  web_name_field text not null default 'optional'
    check (web_name_field in ('hidden', 'optional', 'required')),
  web_city_field text not null default 'hidden'
    check (web_city_field in ('hidden', 'optional', 'required')),
  updated_at timestamptz not null default now()
);

-- What the settings kept, read and then dropped through the functions of the settings plugin's
-- 006 (only the owner names its table, in SQL too). The settings' migrations run before this
-- plugin's (design requires settings), on a new database as on an old one.
insert into newsletter_designs (newsletter_id, email_design, web_cover, web_name_field, web_city_field, updated_at)
select newsletter_id, email_design, web_cover, web_name_field, web_city_field, updated_at from newsletter_settings_designs();

select newsletter_settings_drop_designs();
