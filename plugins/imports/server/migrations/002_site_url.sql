-- A Ghost site export writes the site's own address as __GHOST_URL__ (its images, its links): the
-- old site's address, given with the import, stands for it.
alter table imports add column site_url text;
