/**
 * The demo publisher's paid plans and a year of paid subscriptions and invoices ending today, so
 * that Earnings and the subscriber list's type show on first start. Payers are the newsletter's
 * own demo subscribers (the subscribers plugin seeds first), each paying from some time after they
 * subscribed; more start in recent months (a growing newsletter), some cancel at a renewal, and
 * one reader of the two larger newsletters is in Stripe's grace period after a failed payment.
 * Monthly plans are invoiced each month, yearly ones once. Numbers come from a seeded generator,
 * so every start shows the same shape; ids look like Stripe's. No Stripe keys: the demo has none.
 */
import type { Insertable } from 'kysely';
import { clock } from '../../../core/server/clock';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { seededRandom } from '../../../core/server/seed';
import { findNewsletterByKey } from '../../../core/server/store';
import { subscribersQuery } from '../../subscribers/server/public';
import { paymentsDb, reconcilePayers } from './store';
import type { PaidSubscriptionsTable, PaymentsTable, Plan } from './tables';

/** The demo's prices (kuruş) and how many readers started paying over the year, per newsletter key. */
const demoPlans: { key: string; monthly: number; yearly: number; payers: number }[] = [
  { key: 'sabah-bulteni', monthly: 4900, yearly: 49000, payers: 110 },
  { key: 'teknoloji-notlari', monthly: 3900, yearly: 39000, payers: 70 },
  { key: 'kultur-sanat-haftalik', monthly: 2900, yearly: 29000, payers: 35 },
];
const currency = 'try';
/** The share of payers drawn towards recent months (the rest start evenly over the year): a growing newsletter. */
const recentShare = 0.7;
/** The share of payers who choose the yearly plan. */
const yearlyShare = 0.25;
/** The chance that a monthly payer cancels at a renewal; a yearly one cancels within its year. */
const monthlyChurn = 0.06;
const yearlyChurn = 0.05;
/** Newsletters (in demoPlans' order) with one payer in the grace period after a failed payment. */
const pastDueIn = new Set(['sabah-bulteni', 'teknoloji-notlari']);
/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const batch = 1000;

const dayMs = 86_400_000;

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The same date `months` calendar months on, in UTC, on the last day of a shorter month (31 January and a month: 28 or 29 February), as Stripe bills. */
function monthsAfter(date: Date, months: number): Date {
  const at = new Date(date);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at;
}

type SubscriptionRow = Insertable<PaidSubscriptionsTable>;
type PaymentRow = Insertable<PaymentsTable>;

export async function seedPayments(context: SeedContext): Promise<void> {
  const started = performance.now();
  const db = paymentsDb(context.db);
  const random = seededRandom(20260533);
  const token = (length = 14) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  const now = clock.now();
  const subscriptions: SubscriptionRow[] = [];
  const payments: PaymentRow[] = [];
  const plans: { newsletter_id: string; currency: string; monthly_amount: number; yearly_amount: number }[] = [];

  for (const demo of demoPlans) {
    const newsletter = await findNewsletterByKey(db, demo.key);
    if (!newsletter || newsletter.publisher_id !== context.demo.publisherId) continue;
    plans.push({ newsletter_id: newsletter.id, currency, monthly_amount: demo.monthly, yearly_amount: demo.yearly });
    // The oldest first: a payer is someone who had subscribed before they started paying.
    const readers = await subscribersQuery(db, newsletter.id, { medium: 'email' }).select('created_at').orderBy('created_at').orderBy('email').execute();
    const taken = new Set<number>();
    const ofNewsletter: { row: SubscriptionRow; invoices: PaymentRow[] }[] = [];

    for (let payer = 0; payer < demo.payers; payer++) {
      // More start in recent months: most ages in days follow 364 * (1 - sqrt(u)), the rest are even over the year.
      const age = random() < recentShare ? 1 - Math.sqrt(random()) : random();
      const startedAt = new Date(now.getTime() - Math.floor(364 * age * dayMs) - Math.floor(random() * dayMs));
      // A reader pays after reading it free for two weeks at least (so the newest subscribers are free).
      const before = readers.findIndex((reader) => new Date(reader.created_at).getTime() > startedAt.getTime() - 14 * dayMs);
      const known = before < 0 ? readers.length : before;
      if (known === 0) continue;
      let index = Math.floor(random() * known);
      while (taken.has(index) && index > 0) index--;
      if (taken.has(index)) continue;
      taken.add(index);
      const email = readers[index]!.email.toLowerCase();

      const plan: Plan = random() < yearlyShare ? 'yearly' : 'monthly';
      const amount = plan === 'yearly' ? demo.yearly : demo.monthly;
      const id = `sub_demo${token()}`;
      const invoices: PaymentRow[] = [];
      const invoice = (billedAt: Date) =>
        invoices.push({
          id: `in_demo${token()}`,
          publisher_id: context.demo.publisherId,
          newsletter_id: newsletter.id,
          subscription_id: id,
          amount,
          currency,
          // Stripe charges a few minutes after it bills.
          paid_at: new Date(billedAt.getTime() + Math.floor(random() * 600_000)),
        });
      let endedAt: Date | null = null;
      let periodEnd: Date;
      if (plan === 'monthly') {
        let month = 0;
        for (; monthsAfter(startedAt, month) <= now; month++) {
          // Cancelled at the period's end: the renewal never comes.
          if (month > 0 && random() < monthlyChurn) {
            endedAt = monthsAfter(startedAt, month);
            break;
          }
          invoice(monthsAfter(startedAt, month));
        }
        periodEnd = monthsAfter(startedAt, month);
      } else {
        invoice(startedAt);
        periodEnd = monthsAfter(startedAt, 12);
        // A yearly payer who cancels does so at once (a refund asked), some days in.
        if (random() < yearlyChurn) endedAt = new Date(Math.min(now.getTime() - 3_600_000, startedAt.getTime() + (3 + Math.floor(random() * 60)) * dayMs));
        if (endedAt && endedAt <= startedAt) endedAt = null;
        if (endedAt) periodEnd = endedAt;
      }
      const last = invoices[invoices.length - 1]!.paid_at as Date;
      ofNewsletter.push({
        row: {
          id,
          publisher_id: context.demo.publisherId,
          newsletter_id: newsletter.id,
          email,
          customer_id: `cus_demo${token()}`,
          plan,
          amount,
          currency,
          status: endedAt ? 'canceled' : 'active',
          current_period_end: periodEnd,
          started_at: startedAt,
          ended_at: endedAt,
          payment_failed_at: null,
          event_at: endedAt && endedAt > last ? endedAt : last,
        },
        invoices,
      });
    }

    if (pastDueIn.has(demo.key)) {
      // The active monthly payer billed most recently (and before at least once): this month's charge failed, Stripe retries.
      const [failing] = ofNewsletter
        .filter((item) => item.row.status === 'active' && item.row.plan === 'monthly' && item.invoices.length > 1)
        .sort((a, b) => (b.invoices.at(-1)!.paid_at as Date).getTime() - (a.invoices.at(-1)!.paid_at as Date).getTime());
      if (failing) {
        const unpaid = failing.invoices.pop()!;
        failing.row = { ...failing.row, status: 'past_due', current_period_end: unpaid.paid_at, payment_failed_at: unpaid.paid_at, event_at: unpaid.paid_at };
      }
    }
    for (const item of ofNewsletter) {
      subscriptions.push(item.row);
      payments.push(...item.invoices);
    }
  }

  await db.transaction().execute(async (tx) => {
    if (plans.length) await tx.insertInto('newsletter_plans').values(plans).execute();
    for (let at = 0; at < subscriptions.length; at += batch)
      await tx
        .insertInto('paid_subscriptions')
        .values(subscriptions.slice(at, at + batch))
        .execute();
    for (let at = 0; at < payments.length; at += batch)
      await tx
        .insertInto('payments')
        .values(payments.slice(at, at + batch))
        .execute();
    // The demo's payers are paid subscribers on the subscriber list, as the webhook marks them.
    await reconcilePayers(tx);
  });
  context.log.info({ subscriptions: subscriptions.length, payments: payments.length, ms: Math.round(performance.now() - started) }, 'demo payments created');
}
