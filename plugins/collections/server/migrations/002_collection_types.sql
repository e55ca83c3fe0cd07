-- Collections of published issues beside those of published stories (docs/decisions/0015), and
-- the featured collections an owner's public page (/p/{key}, /n/{key}) shows, latest first.
alter table collections drop constraint collections_children_ref_check;
alter table collections add constraint collections_children_ref_check check (children_ref in ('Story', 'Issue'));
create index collections_owner_featured on collections (owner_id, published_at) where featured and published;
