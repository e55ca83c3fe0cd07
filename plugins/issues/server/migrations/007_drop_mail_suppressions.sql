-- The addresses refused for good at sending time are kept per publisher in the subscribers
-- plugin's mail_bounces now (docs/decisions/0034-bounces.md). The old global list is not carried
-- over (it would be SQL on another plugin's table): each of its addresses is tried once more, and
-- its 5xx answer suppresses it again, for its publisher.
drop table if exists mail_suppressions;
