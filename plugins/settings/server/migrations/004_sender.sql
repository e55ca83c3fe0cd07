-- Who a newsletter's mail comes from (issue 29): the From name ('' is the newsletter's title), the
-- confirmed From address ('' is MAIL_FROM's), an address waiting for its owner to confirm it, and
-- the Reply-To ('' is none: replies go to the From address).
alter table newsletter_settings add column sender_name text not null default '';
alter table newsletter_settings add column sender_email text not null default '';
alter table newsletter_settings add column sender_email_pending text not null default '';
alter table newsletter_settings add column reply_to text not null default '';
