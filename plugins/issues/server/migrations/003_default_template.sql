-- One of a newsletter's channel templates is its default, which 'New Issue' offers first (spec 002
-- section 3: Channel template). Until someone chooses, the first template is.
alter table channel_templates add column is_default boolean not null default false;
update channel_templates set is_default = true
where id in (select distinct on (newsletter_id) id from channel_templates order by newsletter_id, position, created_at);
