-- Paying members brought by an import (issue 56): a Ghost member with a Stripe customer id or a
-- complimentary plan, a Substack paid subscriber with its expiry. A customer is matched to its
-- subscriptions in the publisher's connected Stripe account (imported-members.ts); a complimentary
-- member reads premium stories until expires_at (or for good when null), without Stripe.
create table imported_members (
  newsletter_id text not null references newsletters (id) on delete cascade,
  -- Lower-case.
  email text not null,
  publisher_id text not null references publishers (id) on delete cascade,
  customer_id text,
  complimentary boolean not null,
  expires_at timestamptz,
  -- For a customer id: pending until the connected account is asked, then matched or missing
  -- (Stripe does not know the customer in that account); null without a customer id.
  stripe_match text check (stripe_match in ('pending', 'matched', 'missing')),
  imported_at timestamptz not null default now(),
  primary key (newsletter_id, email)
);
create index imported_members_pending on imported_members (publisher_id, stripe_match);
