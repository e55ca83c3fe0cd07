-- Feedback: what users send from Give Feedback, Report a Bug and Request a Feature, with the
-- sender's e-mail (kept when the account goes) and a status admins move from new to done.

create table feedback (
  id text primary key,
  type text not null check (type in ('feedback', 'bug', 'feature')),
  product text not null,
  title text not null,
  description text not null,
  email text not null,
  user_id text references users (id) on delete set null,
  status text not null default 'new' check (status in ('new', 'seen', 'done')),
  created_at timestamptz not null default now()
);
-- The admins' list: newest first, filtered by status or by type.
create index feedback_status_created on feedback (status, created_at desc);
create index feedback_type_created on feedback (type, created_at desc);
create index feedback_created on feedback (created_at desc);
