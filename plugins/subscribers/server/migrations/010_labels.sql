-- Labels on subscribers (issue 56): what a publisher files readers under (Ghost's labels,
-- Mailchimp's tags), shown on the subscriber list and filterable there. A label goes with its
-- subscriber's row (an unsubscription deletes the row).
create table subscriber_labels (
  subscriber_id text not null references subscribers (id) on delete cascade,
  newsletter_id text not null references newsletters (id) on delete cascade,
  label text not null,
  primary key (subscriber_id, label)
);
-- The list's label filter, and the newsletter's labels for its control.
create index subscriber_labels_newsletter on subscriber_labels (newsletter_id, label, subscriber_id);
