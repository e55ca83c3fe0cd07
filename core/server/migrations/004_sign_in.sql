-- Sign-in sessions: every token names one, and a session ended here ends its token at once
-- (Logout, a password reset or change, a role change, removal from a team).
create table sessions (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ended_at timestamptz
);
create index sessions_user_open on sessions (user_id) where ended_at is null;
create index sessions_expires on sessions (expires_at);

-- Wrong sign-in tries per account ('account:<e-mail>') and per client address ('address:<ip>'),
-- kept here so that every server process counts the same tries.
create table sign_in_limits (
  key text primary key,
  -- the tries counted since the counter last started over
  failures integer not null,
  -- tries before this time are refused without being counted
  locked_until timestamptz,
  -- after this time without a try, the counter starts over (and the row may be deleted)
  forget_at timestamptz not null,
  -- whether the latest try was refused: read back by the statement that made it
  refused boolean not null default false
);
create index sign_in_limits_forget on sign_in_limits (forget_at);
