-- The confirmation e-mails one mailbox got from one newsletter lately (constants.audience.
-- confirmationCap, subscriptions.ts): every subscribe request counts them, so the count is one
-- short range of an index, in the database so that every server process counts the same.
-- recipient is the mailbox the address delivers to (subscriptions.ts mailboxOf): 'me+x@' and
-- 'me@' are one inbox, and the cap counts them together.
alter table subscription_requests add column recipient text not null default '';
update subscription_requests set recipient = email;
create index subscription_requests_recipient on subscription_requests (newsletter_id, recipient, created_at);
