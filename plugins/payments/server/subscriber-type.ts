/**
 * The subscriber list's type column and filter (issue 33 point 4): a subscriber is paid while one
 * of their subscriptions to the newsletter gives access (payingStatuses), with that subscription's
 * plan; a canceled or unpaid one leaves them free. Contributed to the subscribers plugin's point.
 */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { subscriberPlans, type SubscriberPlan } from '../../subscribers/server/public';
import { grantedMembers, payerEmails, payingSubscriptions, paymentsDb, reconcilePayers, type PaymentsDb } from './store';

export async function addSubscriberType(api: PluginApi): Promise<void> {
  const db = paymentsDb(api.db);
  api.extensions.add(subscriberPlans, {
    plansOf: (newsletterId, emails) => plansOf(db, newsletterId, emails),
    payingEmails: (newsletterId) => payerEmails(db, newsletterId),
  });
  // Each webhook write marks its reader (store.ts, saveSubscription); at start, the subscriber rows
  // of a database from before the mark, or of a write that missed it, are marked too.
  const changed = await reconcilePayers(db);
  if (changed > 0) api.log.info({ changed }, 'payments: subscribers marked as paying or not');
}

/**
 * The plan of each of these addresses that pays: with two paying subscriptions (a new plan bought
 * before the old one ended), one in good standing wins over one whose payment failed, then the latest.
 */
async function plansOf(db: PaymentsDb, newsletterId: string, emails: readonly string[]): Promise<Map<string, SubscriberPlan>> {
  if (emails.length === 0) return new Map();
  const rows = await payingSubscriptions(db, newsletterId)
    .where('email', 'in', [...emails])
    .select(['email', 'plan', 'status'])
    .orderBy('started_at', 'asc')
    .execute();
  const plans = new Map<string, SubscriberPlan>();
  // A member an import brought with a complimentary plan (or paying with no Stripe customer) pays
  // with no plan here; a subscription of the newsletter's plans, when there is one, says more.
  const granted = await grantedMembers(db)
    .where('newsletter_id', '=', newsletterId)
    .where('email', 'in', [...emails])
    .select('email')
    .execute();
  for (const row of granted) plans.set(row.email, { status: 'active' });
  for (const row of rows) {
    const known = plans.get(row.email);
    if (known && known.status !== 'past_due' && row.status === 'past_due') continue;
    plans.set(row.email, { plan: row.plan, status: row.status as SubscriberPlan['status'] });
  }
  return plans;
}
