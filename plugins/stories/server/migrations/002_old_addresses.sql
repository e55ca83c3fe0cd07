-- The addresses a story had on the site it was imported from (issue 56): under its newsletter's
-- reader pages, /n/{key}/{path} answers with a permanent redirect to the story's page, so links to
-- the old site keep working once its address points here. The path is the old one below the
-- site's root, lower-case, without slashes at either end: 'my-post' (Ghost's /my-post/),
-- 'p/my-post' (Substack's and beehiiv's /p/my-post).
create table story_old_addresses (
  newsletter_id text not null references newsletters (id) on delete cascade,
  path text not null,
  story_id text not null references stories (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (newsletter_id, path)
);
create index story_old_addresses_story on story_old_addresses (story_id);
