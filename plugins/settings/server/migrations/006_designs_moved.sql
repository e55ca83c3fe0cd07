-- The e-mail design and the web design (this plugin's 002, 003 and 005) are the design plugin's:
-- a table of its own since its migration 001 (docs/decisions/0051, fourth step). That
-- migration reads them through the first function and drops them through the second, since only
-- the owner names its table. On a new database this plugin's 002 to 005 add the columns first, and
-- the design plugin's 001 drops them again; without the design plugin they stay, unread.
create function newsletter_settings_designs()
returns table (newsletter_id text, email_design jsonb, web_cover text, web_name_field text, web_city_field text, updated_at timestamptz)
language sql stable as $$
  select newsletter_id, email_design, web_cover, web_name_field, web_city_field, updated_at from newsletter_settings
$$;

create function newsletter_settings_drop_designs() returns void language plpgsql as $$
begin
  alter table newsletter_settings
    drop column if exists email_design,
    drop column if exists web_cover,
    drop column if exists web_name_field,
    drop column if exists web_city_field;
  -- Nothing is left for the first function to read.
  drop function if exists newsletter_settings_designs();
end
$$;
