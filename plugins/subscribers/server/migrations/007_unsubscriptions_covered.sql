-- An issue's results count the unsubscriptions of a week (attribution.ts) for each issue of a
-- list page: the reason is kept in the index too, so that the count reads the index alone and not
-- every event's row. Scanned backwards, the index still serves the cancellations table's order.
create index subscription_events_unsubscriptions on subscription_events (newsletter_id, created_at) include (reason) where type = 'unsubscription';
drop index subscription_events_cancellations;
