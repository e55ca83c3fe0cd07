-- Notifications: what the top bar's bell lists, one row per recipient, and the announcements
-- admins post to the users of a publisher (each recipient gets a notification linking to it).

create table announcements (
  id text primary key,
  -- null: every user of every publisher.
  publisher_id text references publishers (id) on delete cascade,
  subject text not null,
  preview text not null default '',
  -- Sanitized rich text (core/server/sanitize.ts) before it is stored.
  body_html text not null default '',
  sender_id text references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index announcements_created on announcements (created_at);

create table notifications (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  announcement_id text references announcements (id) on delete cascade,
  title text not null,
  text text not null default '',
  -- An https URL (opens in a new window) or an in-app path such as /announcements/{id}.
  link text not null default '',
  sender_id text references users (id) on delete set null,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
-- The bell: a user's notifications, newest first; the unread ones and their count.
create index notifications_user_created on notifications (user_id, created_at desc);
create index notifications_user_read on notifications (user_id, read_at);
-- Whether a user received an announcement (the announcement page).
create index notifications_announcement_user on notifications (announcement_id, user_id);
