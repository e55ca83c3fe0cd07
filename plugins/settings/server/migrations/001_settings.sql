-- Newsletter settings the core's newsletters table does not hold: interests (a shared list),
-- testers, voice settings and the welcome issue.

create table interests (
  id text primary key,
  key text not null,
  -- [{ "lang": "tr", "value": "Teknoloji" }, ...]
  titles jsonb not null default '[]',
  created_at timestamptz not null default now()
);
create unique index interests_key_unique on interests (key);

create table newsletter_interests (
  newsletter_id text not null references newsletters (id) on delete cascade,
  interest_id text not null references interests (id) on delete cascade,
  primary key (newsletter_id, interest_id)
);
create index newsletter_interests_interest on newsletter_interests (interest_id);

-- Staff who receive a newsletter's test e-mails.
create table newsletter_testers (
  newsletter_id text not null references newsletters (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  primary key (newsletter_id, user_id)
);
create index newsletter_testers_user on newsletter_testers (user_id);

create table newsletter_settings (
  newsletter_id text primary key references newsletters (id) on delete cascade,
  -- { "article": { voice, stability, similarity_boost }, "bullet": { ... } }
  voice_settings jsonb,
  -- { subject, preview, slug, intro: { html, text } }
  welcome jsonb,
  updated_at timestamptz not null default now()
);
