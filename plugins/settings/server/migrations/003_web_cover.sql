-- The web design (spec 002 section 2.8): the cover of the newsletter's landing page /n/{key}.
alter table newsletter_settings add column web_cover text not null default '';
