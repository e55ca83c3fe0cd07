-- A Stripe customer belongs to the publisher whose subscriptions name it: each webhook event looks
-- it up (webhook.ts), so that one publisher's event never reaches another publisher's customer.
create index paid_subscriptions_customer on paid_subscriptions (customer_id);
