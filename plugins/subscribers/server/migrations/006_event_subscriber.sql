-- Who an event is about, kept on the event (issue 30, 'Who left'): the subscriber row goes when
-- they leave, so a cancellation names its subscriber as the subscription rows do (their _id, the
-- e-mail address, spec 000 section 3) and by name from here. Events written before this column
-- have '' and are named by their subscriber id.
alter table subscription_events add column email text not null default '';
alter table subscription_events add column name text not null default '';
