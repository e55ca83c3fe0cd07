-- Bounces and complaints per publisher and address (docs/decisions/0034-bounces.md), written as
-- they come back (a DSN or feedback report at the bounce listener, a provider's webhook, a 5xx at
-- sending time). An address with suppressed_at set gets no more mail from any newsletter of the
-- publisher, until it subscribes again (its own confirmed request deletes its row). kind is the
-- worst seen (complaint, then hard, then soft); soft bounces count up to constants.bounces.softLimit.
create table mail_bounces (
  publisher_id text not null references publishers (id) on delete cascade,
  email text not null,
  kind text not null check (kind in ('hard', 'soft', 'complaint')),
  soft_count integer not null default 0,
  answer text not null default '',
  suppressed_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (publisher_id, email)
);

-- The addresses the issues plugin's sender refused for good before this table (its global
-- mail_suppressions, no longer written) stay suppressed, for every publisher that has them.
do $$
begin
  if to_regclass('mail_suppressions') is not null then
    insert into mail_bounces (publisher_id, email, kind, answer, suppressed_at, updated_at)
    select distinct on (n.publisher_id, m.email) n.publisher_id, m.email, 'hard', m.answer, m.created_at, m.created_at
    from mail_suppressions m
    join subscribers s on lower(s.email) = m.email
    join newsletters n on n.id = s.newsletter_id
    on conflict do nothing;
  end if;
end $$;
