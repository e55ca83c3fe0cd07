/**
 * The subscriber list's type (issue 33 point 4): GET /newsletters/list/{id}/subscriptions says of
 * each subscriber whether they pay for the newsletter (PAID, with the plan and the payment status)
 * or not (FREE), as the payments plugin's subscriptions tell it: active, trialing and past_due pay;
 * a canceled subscription, or one to another newsletter, leaves the reader free. type=paid and
 * type=free keep one type, counted; GET .../subscriptions/types tells the page to offer the filter.
 * Without the payments plugin every subscriber is free and no filter is offered. The demo's own
 * payers are not counted on: each case subscribes fresh addresses and pays for them here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginsConfig } from '../../core/shared/config';
import { paymentsDb, reconcilePayers, saveSubscription } from '../../plugins/payments/server/store';
import type { PaidSubscriptionsTable } from '../../plugins/payments/server/tables';
import { subscribersDb } from '../../plugins/subscribers/server/store';
import { enginesFor, startTestServer, subscribeConfirmed, type TestServer } from './server';

const databases = enginesFor('embedded');

interface Row {
  _id: string;
  type: 'FREE' | 'PAID';
  plan?: 'monthly' | 'yearly';
  paymentStatus?: string;
}
type Answer = { status: number; body: { data: Row[]; count: number } };

/** A paid subscription of the address to the newsletter, in Stripe's terms, started `daysAgo`. */
function paidSubscription(
  where: { publisherId: string; newsletterId: string },
  email: string,
  plan: 'monthly' | 'yearly',
  status: string,
  daysAgo = 30,
): Parameters<typeof saveSubscription>[1] {
  const startedAt = new Date(Date.now() - daysAgo * 86_400_000);
  return {
    id: `sub_${Math.random().toString(36).slice(2, 16)}`,
    publisher_id: where.publisherId,
    newsletter_id: where.newsletterId,
    email,
    customer_id: `cus_${Math.random().toString(36).slice(2, 16)}`,
    plan,
    amount: plan === 'monthly' ? 2900 : 29000,
    currency: 'try',
    status,
    current_period_end: new Date(startedAt.getTime() + 40 * 86_400_000),
    started_at: startedAt,
    ended_at: status === 'canceled' ? new Date() : null,
    event_at: new Date(),
  };
}

describe.each(databases)('the subscribers’ type on %s', (kind) => {
  let t: TestServer;
  let director: string;
  let ids: Record<'morning' | 'culture', string>;
  let publisherId: string;

  const db = () => t.server.database.db;
  const list = (id: string, query = '', token = director) =>
    t.request('GET', `/api/newsletters/list/${id}/subscriptions${query}`, { token }) as Promise<Answer>;
  const listed = async (id: string, query: string) => {
    const answer = await list(id, query);
    expect(answer.status, query).toBe(200);
    return answer.body;
  };
  const subscribe = (newsletterId: string, email: string) => subscribeConfirmed(t, newsletterId, email);
  /** Writes the subscriptions as the webhook does, each marking its reader's subscriber row. */
  const pay = (rows: Parameters<typeof saveSubscription>[1][]) =>
    paymentsDb(db())
      .transaction()
      .execute(async (tx) => {
        for (const row of rows) await saveSubscription(tx, row);
      });

  /** Fresh addresses of this run, all found by one search (`tipdeneme`), none paying yet. */
  const address = (name: string) => `tipdeneme.${name}.${kind}@example.com`;
  const search = '?search=tipdeneme&limit=100';

  beforeAll(async () => {
    t = await startTestServer(kind);
    director = await t.login('director@masthead.local');
    const newsletters = await db().selectFrom('newsletters').select(['id', 'key', 'publisher_id']).execute();
    const of = (key: string) => newsletters.find((row) => row.key === key)!;
    ids = { morning: of('sabah-bulteni').id, culture: of('kultur-sanat-haftalik').id };
    publisherId = of('kultur-sanat-haftalik').publisher_id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows each subscriber as free or paid with the plan, filters by type and counts each', async () => {
    const culture = { publisherId, newsletterId: ids.culture };
    const names = ['aylik', 'yillik', 'gecikmis', 'yeniden', 'iptal', 'baska', 'ucretsiz'] as const;
    for (const name of names) await subscribe(ids.culture, address(name));
    const paidBefore = (await listed(ids.culture, '?type=paid&limit=100')).count;
    // The demo's payers are paid subscribers from the start (payments' seed marks them as the webhook would).
    expect(paidBefore).toBeGreaterThan(0);
    const freeBefore = (await listed(ids.culture, `${search}&type=free`)).count;
    expect(freeBefore).toBe(names.length);

    await pay([
      paidSubscription(culture, address('aylik'), 'monthly', 'active'),
      paidSubscription(culture, address('yillik'), 'yearly', 'trialing'),
      // Stripe retries a failed payment: still a payer, the payment failed.
      paidSubscription(culture, address('gecikmis'), 'monthly', 'past_due'),
      // Canceled a monthly plan, then bought the yearly one: paid, yearly, counted once.
      paidSubscription(culture, address('yeniden'), 'monthly', 'canceled', 400),
      paidSubscription(culture, address('yeniden'), 'yearly', 'active', 10),
      // Canceled: free again. Paying for another newsletter of the publisher: free here.
      paidSubscription(culture, address('iptal'), 'monthly', 'canceled'),
      paidSubscription({ publisherId, newsletterId: ids.morning }, address('baska'), 'yearly', 'active'),
      // Never finished paying.
      paidSubscription(culture, address('ucretsiz'), 'monthly', 'incomplete_expired'),
    ]);

    const all = await listed(ids.culture, search);
    expect(all.count).toBe(names.length);
    const byAddress = Object.fromEntries(all.data.map((row) => [row._id, row]));
    expect(byAddress[address('aylik')]).toMatchObject({ type: 'PAID', plan: 'monthly', paymentStatus: 'active' });
    expect(byAddress[address('yillik')]).toMatchObject({ type: 'PAID', plan: 'yearly', paymentStatus: 'trialing' });
    expect(byAddress[address('gecikmis')]).toMatchObject({ type: 'PAID', plan: 'monthly', paymentStatus: 'past_due' });
    expect(byAddress[address('yeniden')]).toMatchObject({ type: 'PAID', plan: 'yearly', paymentStatus: 'active' });
    for (const name of ['iptal', 'baska', 'ucretsiz']) {
      const row = byAddress[address(name)]!;
      expect(row.type, name).toBe('FREE');
      // A free row carries no plan at all.
      expect(row, name).not.toHaveProperty('plan');
      expect(row, name).not.toHaveProperty('paymentStatus');
    }

    const paid = await listed(ids.culture, `${search}&type=paid`);
    expect(paid.count).toBe(4);
    expect(paid.data.map((row) => row._id).sort()).toEqual(['aylik', 'gecikmis', 'yeniden', 'yillik'].map(address));
    expect(paid.data.every((row) => row.type === 'PAID')).toBe(true);

    const free = await listed(ids.culture, `${search}&type=free`);
    expect(free.count).toBe(3);
    expect(free.data.map((row) => row._id).sort()).toEqual(['baska', 'iptal', 'ucretsiz'].map(address));
    expect(free.data.every((row) => row.type === 'FREE')).toBe(true);

    // The newsletter's payers, demo ones included, gained exactly these four.
    const allPaid = await listed(ids.culture, '?type=paid&limit=100');
    expect(allPaid.count).toBe(paidBefore + 4);
    expect(allPaid.data.every((row) => row.type === 'PAID' && row.plan !== undefined)).toBe(true);
    // Stripe ends a subscription: the reader is free again, in the filter too.
    const [monthly] = await db()
      .withTables<{ paid_subscriptions: PaidSubscriptionsTable }>()
      .selectFrom('paid_subscriptions')
      .selectAll()
      .where('email', '=', address('aylik'))
      .execute();
    await pay([{ ...monthly!, status: 'canceled', ended_at: new Date(), event_at: new Date(Date.now() + 1000) }]);
    expect((await listed(ids.culture, `${search}&type=paid`)).data.map((row) => row._id).sort()).toEqual(['gecikmis', 'yeniden', 'yillik'].map(address));
    expect((await listed(ids.culture, `${search}&type=free`)).count).toBe(4);
    // Sabah Bülteni's payer is a paid subscriber of Sabah Bülteni only once subscribed there.
    expect((await listed(ids.morning, `?search=${encodeURIComponent(address('baska'))}`)).count).toBe(0);
    await subscribe(ids.morning, address('baska'));
    expect((await listed(ids.morning, `?search=${encodeURIComponent(address('baska'))}&type=paid`)).data).toEqual([
      expect.objectContaining({ _id: address('baska'), type: 'PAID', plan: 'yearly' }),
    ]);
  });

  it('marks at start the subscribers of a database from before the mark', async () => {
    const subscribers = subscribersDb(db());
    const marked = () =>
      subscribers
        .selectFrom('subscribers')
        .select(['email', 'paid'])
        .where('newsletter_id', '=', ids.culture)
        .where('email', 'in', [address('yillik'), address('iptal')])
        .orderBy('email')
        .execute();
    const right = await marked();
    expect(right).toEqual([
      { email: address('iptal'), paid: false },
      { email: address('yillik'), paid: true },
    ]);
    // As an older database has them: the payer unmarked, and one who no longer pays still marked.
    await subscribers
      .updateTable('subscribers')
      .set((eb) => ({ paid: eb.not('paid') }))
      .where('newsletter_id', '=', ids.culture)
      .where('email', 'in', [address('yillik'), address('iptal')])
      .execute();
    expect(await reconcilePayers(paymentsDb(db()))).toBe(2);
    expect(await marked()).toEqual(right);
    expect(await reconcilePayers(paymentsDb(db()))).toBe(0);
  });

  it('pages through one type, newest first, each page all of that type', async () => {
    const first = await listed(ids.culture, '?type=free&limit=10');
    const second = await listed(ids.culture, '?type=free&limit=10&page=1');
    expect(first.data).toHaveLength(10);
    expect(second.data).toHaveLength(10);
    const rows = [...first.data, ...second.data];
    expect(rows.every((row) => row.type === 'FREE')).toBe(true);
    expect(new Set(rows.map((row) => row._id)).size).toBe(20);
    // Free subscribers are most of them: a capped count, as a search's.
    expect(first.count).toBeGreaterThan(20);
  });

  it('tells the page that subscribers may be paid', async () => {
    const answer = await t.request('GET', `/api/newsletters/list/${ids.culture}/subscriptions/types`, { token: director });
    expect(answer).toEqual({ status: 200, body: { data: { paid: true } } });
  });

  it('refuses a type other than free or paid (422)', async () => {
    for (const type of ['premium', 'PAID', '']) {
      const { status, body } = (await list(ids.culture, `?type=${type}`)) as unknown as { status: number; body: { details: { path: string }[] } };
      expect(status, type).toBe(422);
      expect(body.details.map((detail) => detail.path).join(' '), type).toContain('type');
    }
  });

  it("is refused to authors (401) and outside the caller's scopes (404)", async () => {
    const author = await t.login('author@masthead.local');
    const other = await t.login('director@egehaber.example');
    for (const url of [`/api/newsletters/list/${ids.culture}/subscriptions?type=paid`, `/api/newsletters/list/${ids.culture}/subscriptions/types`]) {
      expect((await t.request('GET', url, { token: author })).status, url).toBe(401);
      expect((await t.request('GET', url)).status, url).toBe(401);
      expect((await t.request('GET', url, { token: other })).status, url).toBe(404);
    }
  });
});

describe('the subscribers’ type without the payments plugin', () => {
  let t: TestServer;
  let director: string;
  let newsletterId: string;

  beforeAll(async () => {
    // Imports hand paying members to payments: they go with it.
    const enabled = pluginsConfig.enabled.filter((id) => id !== 'payments' && id !== 'imports');
    t = await startTestServer('pglite', {}, { enabledPlugins: enabled });
    director = await t.login('director@masthead.local');
    newsletterId = (await t.server.database.db.selectFrom('newsletters').select('id').where('key', '=', 'kultur-sanat-haftalik').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every subscriber as free and offers no type filter', async () => {
    const list = (query = '') => t.request('GET', `/api/newsletters/list/${newsletterId}/subscriptions${query}`, { token: director }) as Promise<Answer>;
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(0);
    expect(all.body.data.every((row) => row.type === 'FREE' && !('plan' in row))).toBe(true);
    expect((await list('?type=free')).body).toEqual(all.body);
    expect((await list('?type=paid')).body).toEqual({ data: [], count: 0 });
    const types = await t.request('GET', `/api/newsletters/list/${newsletterId}/subscriptions/types`, { token: director });
    expect(types).toEqual({ status: 200, body: { data: { paid: false } } });
  });
});
