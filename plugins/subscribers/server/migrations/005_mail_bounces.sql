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

