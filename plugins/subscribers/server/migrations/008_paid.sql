-- Whether the subscriber pays for the newsletter now: the subscriber list's type filter (issue 33).
-- The plugin that sells subscriptions keeps it (subscriber-plans.ts): a subscription is marked as it
-- is made, and a payer as the payment provider tells of them. The paid filter then walks the
-- payers alone, newest first, by their own small index; looking every subscriber up among the
-- payers cost a page a second with 40,000 payers in a million.
alter table subscribers add column paid boolean not null default false;
create index subscribers_newsletter_paid on subscribers (newsletter_id, created_at desc, id desc) where paid;
