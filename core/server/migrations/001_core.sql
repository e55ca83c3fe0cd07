-- The core's tables: publishers, newsletters, staff, newsletter membership, settings.

create table publishers (
  id text primary key,
  title text not null,
  description text not null default '',
  image text not null default '',
  color text not null default '#ffce14',
  text_color text not null default '#201f1e',
  website text not null default '',
  email text not null default '',
  key text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index publishers_key_unique on publishers (lower(key));
create index publishers_title on publishers (title);

create table newsletters (
  id text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  title text not null,
  subtitle text not null default '',
  description text not null default '',
  image text not null default '',
  color text not null default '#ffce14',
  text_color text not null default '#201f1e',
  key text not null,
  lang text not null default 'tr',
  published boolean not null default false,
  featured boolean not null default false,
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index newsletters_key_unique on newsletters (lower(key));
create index newsletters_publisher_title on newsletters (publisher_id, title);

create table users (
  id text primary key,
  email text not null,
  password_hash text,
  role text not null check (role in ('admin', 'director', 'editor', 'author')),
  publisher_id text references publishers (id) on delete set null,
  name text not null default '',
  biography text not null default '',
  url text not null default '',
  image text not null default '',
  ready boolean not null default true,
  reset_code_hash text,
  reset_expires_at timestamptz,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_unique on users (lower(email));
create index users_publisher_role on users (publisher_id, role);

-- Editors and authors work in the newsletters they are members of.
create table newsletter_members (
  newsletter_id text not null references newsletters (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  role text not null check (role in ('editor', 'author')),
  created_at timestamptz not null default now(),
  primary key (newsletter_id, user_id)
);
create index newsletter_members_user on newsletter_members (user_id);

create table settings (
  key text primary key,
  value text not null
);
