-- Stripe in one step (issue 56): the publisher pastes its secret key, the server reads the account
-- it belongs to and creates the webhook endpoint itself. A row from before (keys pasted by hand)
-- has no account and no endpoint id: its signing secret keeps working.
alter table payment_accounts add column account_id text;
alter table payment_accounts add column account_name text;
alter table payment_accounts add column livemode boolean;
-- The endpoint the server created in the account (removed with the key); null: made by hand.
alter table payment_accounts add column webhook_endpoint_id text;

-- The last problem of each kind the publisher's directors should know of: a Checkout that could
-- not open, a webhook call that failed. notified_at: when they were last told (once an hour at most).
create table payment_problems (
  publisher_id text not null references publishers (id) on delete cascade,
  kind text not null check (kind in ('checkout', 'webhook')),
  reason text not null,
  occurred_at timestamptz not null,
  notified_at timestamptz,
  primary key (publisher_id, kind)
);
