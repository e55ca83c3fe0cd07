-- Readers signing in without a password (docs/decisions/0041-reader-sign-in.md). Neither table
-- keeps a secret: a link's token and a session's id are stored as their SHA-256 hash, so a copy of
-- the database opens no session.

-- A sign-in link e-mailed to a subscriber of a newsletter: it works once (used_at) until expires_at.
create table reader_sign_in_links (
  token_hash text primary key,
  newsletter_id text not null references newsletters (id) on delete cascade,
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
-- Expired links go as new ones are made: a short range of this index.
create index reader_sign_in_links_expires on reader_sign_in_links (expires_at);

-- A reader's session with one publisher (the cookie mh_reader carries its id).
create table reader_sessions (
  id_hash text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  email text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index reader_sessions_expires on reader_sessions (expires_at);
