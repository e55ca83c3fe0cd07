-- The web design's subscribe form (issue 31): whether the reader pages' form asks for a name and
-- a city, and whether it must be given. 'hidden': not asked; 'optional'; 'required' (decision 0038).
alter table newsletter_settings add column web_name_field text not null default 'optional'
  check (web_name_field in ('hidden', 'optional', 'required'));
alter table newsletter_settings add column web_city_field text not null default 'hidden'
  check (web_city_field in ('hidden', 'optional', 'required'));
