/**
 * Earnings (issue 33 point 5), GET /api/payments/earnings: from known subscriptions and paid
 * invoices of a publisher of its own (Yeni Yayın, given two newsletters), every number of the
 * answer: the monthly recurring revenue with a yearly plan as a twelfth, the paying subscribers
 * (canceled and unpaid left out, past_due kept), new and cancelled subscriptions and revenue per
 * month, week and day at the range's edges (UTC), revenue by newsletter, one answer per currency.
 * Then the demo publisher's year of payments, the refusals of those without publishers.update,
 * a bad range, and that no publisher sees another's numbers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../core/server/clock';
import { paymentsDb, payingStatuses, recordPayment, saveSubscription, type PaymentsDb } from '../../plugins/payments/server/store';
import type { Earnings } from '../../schemas/generated/api/earnings';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');

const quarter = { startAt: '2025-01-01T00:00:00.000Z', endAt: '2025-03-31T23:59:59.999Z' };

describe.each(databases)('Earnings on %s', (kind) => {
  let t: TestServer;
  let db: PaymentsDb;
  let tokens: Record<'director' | 'editor' | 'author' | 'fresh' | 'other', string>;
  let publisherId: string;
  let alpha: string;
  let beta: string;

  const earnings = (query: Record<string, string>, token = tokens.fresh) =>
    t.request('GET', `/api/payments/earnings?${new URLSearchParams(query).toString()}`, { token });
  const answer = async (query: Record<string, string>, token?: string): Promise<Earnings> => {
    const response = await earnings(query, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as Earnings;
  };

  let invoice = 0;
  const pay = (subscriptionId: string, newsletterId: string, amount: number, paidAt: string, currency = 'try') =>
    recordPayment(db, {
      id: `in_test${++invoice}`,
      publisher_id: publisherId,
      newsletter_id: newsletterId,
      subscription_id: subscriptionId,
      amount,
      currency,
      paid_at: new Date(paidAt),
    });
  const subscribe = (
    id: string,
    newsletterId: string,
    plan: 'monthly' | 'yearly',
    amount: number,
    status: string,
    startedAt: string,
    endedAt: string | null = null,
    currency = 'try',
  ) =>
    saveSubscription(db, {
      id,
      publisher_id: publisherId,
      newsletter_id: newsletterId,
      email: `${id}@example.com`,
      customer_id: `cus_${id}`,
      plan,
      amount,
      currency,
      status,
      current_period_end: null,
      started_at: new Date(startedAt),
      ended_at: endedAt ? new Date(endedAt) : null,
      event_at: new Date(endedAt ?? startedAt),
    });

  beforeAll(async () => {
    t = await startTestServer(kind);
    db = paymentsDb(t.server.database.db);
    publisherId = (await db.selectFrom('publishers').select('id').where('key', '=', 'yeni-yayin').executeTakeFirstOrThrow()).id;
    [alpha, beta] = [randomUUID(), randomUUID()];
    await db
      .insertInto('newsletters')
      .values(
        [
          { id: alpha, title: 'Alfa Bülteni', key: 'alfa-bulteni' },
          { id: beta, title: 'Beta Bülteni', key: 'beta-bulteni' },
        ].map((newsletter) => ({
          ...newsletter,
          publisher_id: publisherId,
          subtitle: '',
          description: '',
          image: '',
          color: '#ffce14',
          text_color: '#201f1e',
          lang: 'tr',
          published: true,
        })),
      )
      .execute();

    await subscribe('s1', alpha, 'monthly', 4900, 'active', '2025-01-10T10:00:00Z');
    await subscribe('s2', alpha, 'yearly', 49000, 'active', '2025-01-20T10:00:00Z');
    await subscribe('s3', beta, 'monthly', 2900, 'past_due', '2025-02-05T10:00:00Z');
    await subscribe('s4', beta, 'monthly', 2900, 'canceled', '2025-01-15T10:00:00Z', '2025-03-15T10:00:00Z');
    // Started on the last evening of February in UTC (already 1 March in Istanbul): February's.
    await subscribe('s5', alpha, 'monthly', 4900, 'unpaid', '2025-02-28T23:30:00Z');
    await subscribe('s6', alpha, 'monthly', 1500, 'active', '2025-03-01T00:30:00Z', null, 'usd');
    // Started just before the range, ended on its second month's first instant.
    await subscribe('s7', beta, 'yearly', 29000, 'canceled', '2024-12-31T23:59:59Z', '2025-02-01T00:00:00Z');

    await pay('s1', alpha, 4900, '2025-01-10T10:05:00Z');
    await pay('s1', alpha, 4900, '2025-02-10T10:05:00Z');
    await pay('s1', alpha, 4900, '2025-03-10T10:05:00Z');
    // The first instant after the range.
    await pay('s1', alpha, 4900, '2025-04-01T00:00:00Z');
    await pay('s2', alpha, 49000, '2025-01-20T10:05:00Z');
    await pay('s4', beta, 2900, '2025-01-15T10:05:00Z');
    await pay('s4', beta, 2900, '2025-02-15T10:05:00Z');
    await pay('s3', beta, 2900, '2025-02-05T10:05:00Z');
    // The last instant before the range.
    await pay('s7', beta, 29000, '2024-12-31T23:59:59.999Z');
    await pay('s6', alpha, 1500, '2025-03-01T00:35:00Z', 'usd');

    tokens = {
      director: await t.login('director@masthead.local'),
      editor: await t.login('editor@masthead.local'),
      author: await t.login('author@masthead.local'),
      fresh: await t.login('director@yeniyayin.example'),
      other: await t.login('director@egehaber.example'),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the recurring revenue (a yearly price as a twelfth) and the paying subscribers now, per currency, the largest first', async () => {
    const data = await answer(quarter);
    expect(data.currencies.map((item) => item.currency)).toEqual(['try', 'usd']);
    const [lira, dollar] = data.currencies;
    // 4900 + 49000 / 12 + 2900 (past_due is Stripe's grace period): 11883.33, to the kuruş.
    expect(lira).toMatchObject({ mrr: 11883, paying: 3 });
    expect(dollar).toMatchObject({ mrr: 1500, paying: 1 });
    expect(data).toMatchObject({ span: 'month', startAt: quarter.startAt, endAt: quarter.endAt, since: '2024-12-31T23:59:59.000Z' });
  });

  it('counts new and cancelled subscriptions and revenue per month of the range, edges included, and revenue by newsletter', async () => {
    const [lira, dollar] = (await answer(quarter)).currencies;
    expect(lira!.periods).toEqual([
      { date: '2025-01-01', started: 3, cancelled: 0, revenue: 4900 + 49000 + 2900, payments: 3 },
      { date: '2025-02-01', started: 2, cancelled: 1, revenue: 4900 + 2900 + 2900, payments: 3 },
      { date: '2025-03-01', started: 0, cancelled: 1, revenue: 4900, payments: 1 },
    ]);
    expect(lira!.newsletters).toEqual([
      { newsletterId: alpha, title: 'Alfa Bülteni', revenue: 3 * 4900 + 49000, payments: 4 },
      { newsletterId: beta, title: 'Beta Bülteni', revenue: 3 * 2900, payments: 3 },
    ]);
    expect(dollar!.periods).toEqual([{ date: '2025-03-01', started: 1, cancelled: 0, revenue: 1500, payments: 1 }]);
    expect(dollar!.newsletters).toEqual([{ newsletterId: alpha, title: 'Alfa Bülteni', revenue: 1500, payments: 1 }]);
  });

  it('keeps to the range, and cuts it into UTC days and weeks from Monday when asked', async () => {
    const february = { startAt: '2025-02-01T00:00:00.000Z', endAt: '2025-02-28T23:59:59.999Z' };
    const [lira] = (await answer({ ...february, span: 'day' })).currencies;
    expect(lira!.periods).toEqual([
      { date: '2025-02-01', started: 0, cancelled: 1, revenue: 0, payments: 0 },
      { date: '2025-02-05', started: 1, cancelled: 0, revenue: 2900, payments: 1 },
      { date: '2025-02-10', started: 0, cancelled: 0, revenue: 4900, payments: 1 },
      { date: '2025-02-15', started: 0, cancelled: 0, revenue: 2900, payments: 1 },
      { date: '2025-02-28', started: 1, cancelled: 0, revenue: 0, payments: 0 },
    ]);
    expect(lira!.newsletters.map((item) => [item.title, item.revenue])).toEqual([
      ['Beta Bülteni', 5800],
      ['Alfa Bülteni', 4900],
    ]);
    // Wednesday 5 February is in the week of Monday 3 February; Saturday 1 February in the week of 27 January.
    const weeks = (await answer({ ...february, span: 'week' })).currencies[0]!.periods;
    expect(weeks.map((period) => [period.date, period.started, period.cancelled, period.revenue])).toEqual([
      ['2025-01-27', 0, 1, 0],
      ['2025-02-03', 1, 0, 2900],
      // Monday 10 and Saturday 15 February.
      ['2025-02-10', 0, 0, 4900 + 2900],
      ['2025-02-24', 1, 0, 0],
    ]);
    // A range with nothing in it still answers the currencies and their figures now, with no periods.
    const quiet = await answer({ startAt: '2024-06-01T00:00:00.000Z', endAt: '2024-06-30T23:59:59.999Z' });
    expect(quiet.currencies.map((item) => [item.currency, item.mrr, item.periods.length, item.newsletters.length])).toEqual([
      ['try', 11883, 0, 0],
      ['usd', 1500, 0, 0],
    ]);
  });

  it("gives the demo publisher a year of payments ending today, and never another publisher's numbers", async () => {
    const now = clock.now();
    const yearAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
    const data = await answer({ startAt: yearAgo.toISOString(), endAt: now.toISOString() }, tokens.director);
    expect(data.currencies.map((item) => item.currency)).toEqual(['try']);
    const [lira] = data.currencies;
    // Each of the twelve months, this one included, has revenue.
    expect(lira!.periods.map((period) => period.date)).toHaveLength(12);
    expect(lira!.periods.every((period) => period.revenue > 0 && period.payments > 0)).toBe(true);
    expect(lira!.periods.some((period) => period.cancelled > 0)).toBe(true);
    // Growth: more payers started in the last six months than in the first six.
    const started = lira!.periods.map((period) => period.started);
    expect(started.slice(6).reduce((a, b) => a + b)).toBeGreaterThan(started.slice(0, 6).reduce((a, b) => a + b));
    const kuzey = await publisherOf('kuzey-medya');
    const demoNewsletters = await db.selectFrom('newsletters').select(['id', 'title']).where('publisher_id', '=', kuzey).execute();
    expect(lira!.newsletters.map((item) => item.title).sort()).toEqual(['Kültür Sanat Haftalık', 'Sabah Bülteni', 'Teknoloji Notları']);
    expect(lira!.newsletters.every((item) => demoNewsletters.some((newsletter) => newsletter.id === item.newsletterId))).toBe(true);

    // The figures now agree with the rows: one or two in Stripe's grace period, yearly prices as twelfths.
    const rows = await db.selectFrom('paid_subscriptions').selectAll().where('publisher_id', '=', kuzey).execute();
    const paying = rows.filter((row) => payingStatuses.includes(row.status));
    expect(paying.filter((row) => row.status === 'past_due').length).toBeGreaterThanOrEqual(1);
    expect(paying.filter((row) => row.status === 'past_due').length).toBeLessThanOrEqual(2);
    expect(rows.some((row) => row.plan === 'yearly') && rows.some((row) => row.status === 'canceled')).toBe(true);
    expect(lira!.paying).toBe(paying.length);
    expect(lira!.mrr).toBe(Math.round(paying.reduce((total, row) => total + (row.plan === 'yearly' ? row.amount / 12 : row.amount), 0)));
    expect(rows.every((row) => /^sub_demo\w+$/.test(row.id) && /^cus_demo\w+$/.test(row.customer_id))).toBe(true);

    // Monthly plans are invoiced each month, yearly ones once; every payer is one of the newsletter's subscribers.
    const invoices = await db.selectFrom('payments').select(['id', 'subscription_id']).where('publisher_id', '=', kuzey).execute();
    expect(invoices.every((row) => /^in_demo\w+$/.test(row.id))).toBe(true);
    const count = (id: string) => invoices.filter((row) => row.subscription_id === id).length;
    expect(rows.filter((row) => row.plan === 'yearly').every((row) => count(row.id) === 1)).toBe(true);
    const monthly = rows.find((row) => row.plan === 'monthly' && row.status === 'active' && now.getTime() - row.started_at.getTime() > 100 * 86_400_000)!;
    expect(count(monthly.id)).toBeGreaterThanOrEqual(4);
    const subscriber = await t.server.database.db
      .selectFrom('subscribers' as never)
      .select(['email' as never])
      .where('newsletter_id' as never, '=', monthly.newsletter_id as never)
      .where('email' as never, '=', monthly.email as never)
      .executeTakeFirst();
    expect(subscriber).toBeDefined();

    // The fresh publisher's answer holds none of the demo's, and Ege Haber, which has none, sees none.
    const fresh = await answer({ startAt: yearAgo.toISOString(), endAt: now.toISOString() });
    expect(fresh.currencies.flatMap((item) => item.newsletters.map((newsletter) => newsletter.newsletterId)).every((id) => [alpha, beta].includes(id))).toBe(
      true,
    );
    const other = await answer(quarter, tokens.other);
    expect(other).toMatchObject({ since: null, currencies: [] });
  });

  async function publisherOf(key: string): Promise<string> {
    return (await db.selectFrom('publishers').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
  }

  it('refuses editors, authors and anonymous callers as the project refuses (401), and a bad range (422)', async () => {
    for (const token of [tokens.editor, tokens.author, undefined]) {
      const refused = await t.request('GET', `/api/payments/earnings?${new URLSearchParams(quarter).toString()}`, { token });
      expect(refused.status).toBe(401);
      expect(refused.body).not.toHaveProperty('data');
    }
    expect((await earnings({ startAt: 'yesterday', endAt: quarter.endAt })).status).toBe(422);
    expect((await earnings({ startAt: '2025-02-30T00:00:00Z', endAt: quarter.endAt })).status).toBe(422);
    expect((await earnings({ startAt: quarter.endAt, endAt: quarter.startAt })).status).toBe(422);
    expect((await earnings({ ...quarter, span: 'year' })).status).toBe(422);
    expect((await earnings({ endAt: quarter.endAt })).status).toBe(422);
  });
});
