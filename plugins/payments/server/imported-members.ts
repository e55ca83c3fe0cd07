/**
 * Paying members an import brings (issue 56; the imports plugin calls `importPaidMember` through
 * public.ts for each): a member with a Stripe customer id is recorded as pending until the
 * publisher's connected Stripe account is asked for its subscriptions; a complimentary member reads
 * premium stories until its expiry (or for good), without Stripe.
 */
import { findNewsletter } from '../../../core/server/store';
import type { PaymentsDb } from './store';

export interface ImportedPaidMember {
  publisherId: string;
  newsletterId: string;
  email: string;
  /** Stripe's customer id (cus_...), or null for a member who does not pay through Stripe. */
  customerId: string | null;
  /** A plan given, not paid: the member reads premium without Stripe until `expiresAt`. */
  complimentary: boolean;
  /** When a complimentary plan (or a Substack paid subscription) ends; null: never. */
  expiresAt: Date | null;
}

/**
 * Records a paying member of a newsletter, once: importing the same member again changes only what
 * changed (a customer id seen for the first time is looked up again). Throws when the newsletter is
 * not the publisher's.
 */
export async function recordImportedMember(db: PaymentsDb, member: ImportedPaidMember): Promise<void> {
  const newsletter = await findNewsletter(db, member.newsletterId);
  if (newsletter?.publisher_id !== member.publisherId) throw new Error(`Newsletter ${member.newsletterId} is not publisher ${member.publisherId}'s`);
  const customerId = member.customerId?.trim() || null;
  const row = {
    newsletter_id: member.newsletterId,
    email: member.email.trim().toLowerCase(),
    publisher_id: member.publisherId,
    customer_id: customerId,
    complimentary: member.complimentary,
    expires_at: member.expiresAt,
    stripe_match: customerId ? ('pending' as const) : null,
  };
  await db
    .insertInto('imported_members')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['newsletter_id', 'email']).doUpdateSet((excluded) => ({
        customer_id: excluded.ref('excluded.customer_id'),
        complimentary: excluded.ref('excluded.complimentary'),
        expires_at: excluded.ref('excluded.expires_at'),
        // The same customer keeps what Stripe said of it; another one is looked up again.
        stripe_match: (eb) =>
          eb
            .case()
            .when('imported_members.customer_id', 'is not distinct from', eb.ref('excluded.customer_id'))
            .then(eb.ref('imported_members.stripe_match'))
            .else(eb.ref('excluded.stripe_match'))
            .end(),
      })),
    )
    .execute();
}
