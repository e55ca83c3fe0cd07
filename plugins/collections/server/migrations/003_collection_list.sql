-- The console's list, fast with thousands of collections (tests/bench/collection-list.ts): the
-- newest first (or by title) with its tie-breaker in the index, so a page reads only its rows; the count, from
-- an index of the rows the lists show (never 'Draft Stories'; store.ts names it as a literal so the
-- planner can use it); and the search, a substring of the title or description, by trigrams (as
-- the stories' search).
create extension if not exists pg_trgm with schema public;
drop index collections_publisher_updated;
drop index collections_owner_updated;
create index collections_publisher_updated on collections (publisher_id, updated_at, id);
create index collections_owner_updated on collections (owner_id, updated_at, id);
create index collections_publisher_title on collections (publisher_id, title, id);
create index collections_listed on collections (publisher_id, owner_id, published) where title <> 'Draft Stories';
create index collections_search on collections using gin ((title || ' ' || description) public.gin_trgm_ops);
