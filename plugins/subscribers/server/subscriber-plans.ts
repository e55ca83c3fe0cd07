/**
 * Who of a newsletter's subscribers pays, and for which plan: an extension point of the subscribers
 * plugin (decision 0031), contributed by the plugin that sells subscriptions (payments). The
 * subscribers page shows each row's type and filters by it; without a contribution every
 * subscriber is free and the page offers no type filter.
 */
import type { Expression } from 'kysely';
import { extensionPoint, type Extensions } from '../../../core/server/plugins/extension-points';

export interface SubscriberPlan {
  /** Absent: paid without a plan of this newsletter (a complimentary or imported grant). */
  plan?: 'monthly' | 'yearly';
  /** The payment provider's status of the subscription that gives access: active, trialing, or past_due (a failed payment being retried). */
  status: 'active' | 'trialing' | 'past_due';
}

export interface SubscriberPlans {
  /** The plans of those of `emails` (lower-case) who pay for the newsletter now, by address; the others are free. */
  plansOf(newsletterId: string, emails: readonly string[]): Promise<Map<string, SubscriberPlan>>;
  /**
   * The lower-case addresses paying for the newsletter now, as a subquery of one column (`email`):
   * the list filters by type in SQL, through the contributor's index on (newsletter_id, email),
   * without ever holding the payers in memory.
   */
  payingEmails(newsletterId: string): Expression<{ email: string }>;
}

export const subscriberPlans = extensionPoint<SubscriberPlans>('subscribers.subscriber-plans', { single: true });

/** The payers of a newsletter from the contributor, or null when no plugin sells subscriptions. */
export const payingEmailsOf = (extensions: Extensions, newsletterId: string) => extensions.one(subscriberPlans)?.payingEmails(newsletterId) ?? null;
