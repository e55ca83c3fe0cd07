/**
 * Earnings (issue 33 point 5): what the publisher's readers pay, from the subscriptions and paid
 * invoices Stripe's webhooks recorded. Per currency (amounts stay in the currency's minor unit):
 * the monthly recurring revenue and the paying subscribers now, then over a range the paid
 * subscriptions started and ended, the revenue per span and the revenue by newsletter. Spans are
 * UTC days, weeks from Monday and calendar months, as the analytics series are cut.
 */
import { sql } from 'kysely';
import { callerPublisher } from '../../../core/server/auth/session';
import { invalid } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { findNewsletters } from '../../../core/server/store';
import type { CurrencyEarnings, Earnings } from '../../../schemas/generated/api/earnings';
import { earningsEndpoints } from '../earnings-endpoints';
import { paymentsDb, payingStatuses, type PaymentsDb } from './store';

export type Span = Earnings['span'];
type Period = CurrencyEarnings['periods'][number];

/**
 * An instant of the query (the schema's pattern: ISO 8601, or 'YYYY-MM-DD HH:mm:ss'); without an
 * offset it is UTC, as the analytics calls read it. A 422 naming the field when it is no real date
 * ('2025-02-30', which Date would quietly move to 2 March).
 */
function instantOf(text: string, field: 'startAt' | 'endAt'): Date {
  const [, day = '', offset] = /^(\d{4}-\d{2}-\d{2})[Tt ].*?([Zz]|[+-]\d{2}(:?\d{2})?)?$/.exec(text) ?? [];
  const date = new Date(`${text.replace(' ', 'T')}${offset ? '' : 'Z'}`);
  if (Number.isNaN(date.getTime()) || !validDay(day)) throw invalid(`${field} must be a date and time.`, field);
  return date;
}

/** Whether a YYYY-MM-DD names a day of the calendar. */
function validDay(day: string): boolean {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).getUTCDate() === date;
}

/** A span's first day (YYYY-MM-DD, UTC) of a timestamp column. */
const spanOf = (span: Span, column: string) => sql<string>`to_char(date_trunc(${span}, ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** Every currency the publisher's subscriptions and payments have had, with when the first subscription started. */
async function currenciesOf(db: PaymentsDb, publisherId: string): Promise<{ currencies: string[]; since: Date | null }> {
  const { rows } = await sql<{ currency: string; since: Date | null }>`
    select currency, min(started_at) as since from paid_subscriptions where publisher_id = ${publisherId} group by currency
    union all
    select distinct currency, null::timestamptz from payments where publisher_id = ${publisherId}`.execute(db);
  const starts = rows.flatMap((row) => (row.since ? [new Date(row.since)] : []));
  return {
    currencies: [...new Set(rows.map((row) => row.currency))],
    since: starts.length ? new Date(Math.min(...starts.map((start) => start.getTime()))) : null,
  };
}

/** The recurring revenue and paying subscribers now, per currency: a yearly price counts as a twelfth a month. */
async function payingNow(db: PaymentsDb, publisherId: string): Promise<Map<string, { mrr: number; paying: number }>> {
  const { rows } = await sql<{ currency: string; mrr: string; paying: number }>`
    select currency, round(sum(case when plan = 'yearly' then amount / 12.0 else amount end)) as mrr,
      count(distinct (newsletter_id, email))::integer as paying
    from paid_subscriptions
    where publisher_id = ${publisherId} and status = any(${payingStatuses}::text[])
    group by currency`.execute(db);
  return new Map(rows.map((row) => [row.currency, { mrr: Number(row.mrr), paying: Number(row.paying) }]));
}

interface Range {
  startAt: Date;
  endAt: Date;
  span: Span;
}

/** Paid subscriptions started and ended in each span, and the invoices paid in it, per currency. */
async function periodsOf(db: PaymentsDb, publisherId: string, range: Range): Promise<(Period & { currency: string })[]> {
  const { startAt, endAt, span } = range;
  // Each part reads its table's publisher index (payments_publisher, paid_subscriptions_publisher) over the range;
  // a subscription that ended in the range started before its end.
  const { rows } = await sql<{ currency: string; date: string; started: number; cancelled: number; revenue: string; payments: number }>`
    with happened as (
      select currency, ${spanOf(span, 'started_at')} as date, 1 as started, 0 as cancelled, 0::bigint as revenue, 0 as payments
      from paid_subscriptions where publisher_id = ${publisherId} and started_at between ${startAt} and ${endAt}
      union all
      select currency, ${spanOf(span, 'ended_at')}, 0, 1, 0, 0
      from paid_subscriptions where publisher_id = ${publisherId} and started_at <= ${endAt} and ended_at between ${startAt} and ${endAt}
      union all
      select currency, ${spanOf(span, 'paid_at')}, 0, 0, amount, 1
      from payments where publisher_id = ${publisherId} and paid_at between ${startAt} and ${endAt}
    )
    select currency, date, sum(started)::integer as started, sum(cancelled)::integer as cancelled, sum(revenue) as revenue,
      sum(payments)::integer as payments
    from happened group by currency, date order by currency, date`.execute(db);
  return rows.map((row) => ({
    ...row,
    started: Number(row.started),
    cancelled: Number(row.cancelled),
    revenue: Number(row.revenue),
    payments: Number(row.payments),
  }));
}

/** The revenue of the range by newsletter, per currency, the largest first (then by title). */
async function newslettersOf(db: PaymentsDb, publisherId: string, range: Range) {
  const { rows } = await sql<{ currency: string; newsletterId: string; revenue: string; payments: number }>`
    select currency, newsletter_id as "newsletterId", sum(amount) as revenue, count(*)::integer as payments
    from payments
    where publisher_id = ${publisherId} and paid_at between ${range.startAt} and ${range.endAt}
    group by currency, newsletter_id`.execute(db);
  const titles = new Map((await findNewsletters(db, [...new Set(rows.map((row) => row.newsletterId))])).map((newsletter) => [newsletter.id, newsletter.title]));
  return rows
    .map((row) => ({ ...row, title: titles.get(row.newsletterId) ?? '', revenue: Number(row.revenue), payments: Number(row.payments) }))
    .sort((a, b) => b.revenue - a.revenue || a.title.localeCompare(b.title, 'tr') || a.newsletterId.localeCompare(b.newsletterId));
}

/** The publisher's earnings per currency, the largest recurring revenue first (then the most revenue in the range). */
export async function earningsOf(db: PaymentsDb, publisherId: string, range: Range): Promise<Earnings> {
  const [{ currencies, since }, now, periods, newsletters] = await Promise.all([
    currenciesOf(db, publisherId),
    payingNow(db, publisherId),
    periodsOf(db, publisherId, range),
    newslettersOf(db, publisherId, range),
  ]);
  const revenueOf = (currency: string) => periods.filter((row) => row.currency === currency).reduce((total, row) => total + row.revenue, 0);
  const ordered = currencies.sort((a, b) => (now.get(b)?.mrr ?? 0) - (now.get(a)?.mrr ?? 0) || revenueOf(b) - revenueOf(a) || a.localeCompare(b));
  return {
    span: range.span,
    startAt: range.startAt.toISOString(),
    endAt: range.endAt.toISOString(),
    since: since?.toISOString() ?? null,
    currencies: ordered.map((currency) => ({
      currency,
      mrr: now.get(currency)?.mrr ?? 0,
      paying: now.get(currency)?.paying ?? 0,
      periods: periods.filter((row) => row.currency === currency).map(({ currency: _currency, ...period }) => period),
      newsletters: newsletters.filter((row) => row.currency === currency).map(({ currency: _currency, ...newsletter }) => newsletter),
    })),
  };
}

export function registerEarnings(api: PluginApi): void {
  const db = paymentsDb(api.db);
  api.serve(earningsEndpoints.earnings, {
    requires: 'publishers.update',
    summary:
      "Earnings of the caller's publisher per currency, in the currency's minor unit: the monthly recurring revenue (a yearly price as a twelfth) and the paying subscribers now; over the range, the paid subscriptions started and ended and the revenue per span (UTC days, weeks from Monday, months), and the revenue by newsletter. No currency: nothing was ever paid.",
    async handler(request, _reply, session) {
      const publisherId = callerPublisher(session);
      const startAt = instantOf(request.query.startAt, 'startAt');
      const endAt = instantOf(request.query.endAt, 'endAt');
      if (startAt > endAt) throw invalid('startAt must come before endAt.', 'startAt');
      return { data: await earningsOf(db, publisherId, { startAt, endAt, span: request.query.span ?? 'month' }) };
    },
  });
}
