-- Issues an import brings (issue 56): the e-mails a post went out as on the site it comes from,
-- kept in the archive with their dates. Sent there, not here: no delivery, no copy, so no figure;
-- the results and the publisher's comparison leave them out rather than count a send of nothing.
alter table issues add column imported boolean not null default false;
