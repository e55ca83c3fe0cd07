/**
 * Moving a paid list here (issue 56): a Ghost members CSV imported through POST /api/imports hands
 * its paying members to payments. A member with a Stripe customer id reads a premium story once
 * the publisher's Stripe account is connected (its subscription found there, against the Stripe
 * stand-in); a complimentary member reads it from the import on, without Stripe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ghostMembersCsv } from './imports/members-fixtures';
import { premiumStory, readerPages } from './payments-readers';
import { enginesFor, startTestServer, until, type TestServer } from './server';
import { startStripeStandin, type StripeStandin } from './stripe-standin';

const databases = enginesFor('embedded');

const secretKey = 'sk_test_Masthead0006ghostmove4242';

describe.each(databases)('a Ghost paid list moved here on %s', (kind) => {
  let t: TestServer;
  let standin: StripeStandin;
  let director: string;
  let morning: { id: string; publisher_id: string };
  let story: { slug: string };
  const { page, signIn } = readerPages(() => t);
  const wholeText = 'Yalnızca Ghost’tan gelen ödeyen okurlar için.';
  const paying = 'burak.ghost@example.com';
  const gifted = 'ece.ghost@example.com';

  const db = () => t.server.database.db as any;
  const readsWhole = async (cookie: string) => (await page('GET', `/s/${story.slug}`, { cookie })).html.includes(wholeText);

  beforeAll(async () => {
    standin = await startStripeStandin();
    t = await startTestServer(kind, { STRIPE_API_URL: standin.url });
    standin.resolve('http://console.test', await t.server.app.listen({ port: 0, host: '127.0.0.1' }));
    director = await t.login('director@masthead.local');
    morning = await db().selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    story = await premiumStory(db(), morning.id, 'Herkesin okuduğu ilk paragraf.', wholeText);
    // The publisher's Stripe account, where the Ghost member's monthly subscription has been paid for a while.
    standin.addAccount({ secretKey, businessName: 'Sabah Yayınları' });
    standin.addSubscription(secretKey, { email: paying, customerId: 'cus_GhostBurak0001', amount: 4900, currency: 'try', interval: 'month' });
  });
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  it('imports the members CSV: the paying member waits for Stripe, the complimentary one reads at once', async () => {
    const form = new FormData();
    form.set('source', 'ghost');
    form.set('newsletter', morning.id);
    form.set('dryRun', 'false');
    const csv = ghostMembersCsv([
      { email: paying, name: 'Burak Demir', stripeCustomerId: 'cus_GhostBurak0001', tiers: ['Premium'] },
      { email: gifted, name: 'Ece Ak', complimentary: true },
    ]);
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'members.csv');
    const posted = await t.server.app.inject({ method: 'POST', url: '/api/imports', headers: { authorization: `Bearer ${director}` }, payload: form });
    expect(posted.statusCode, posted.body).toBe(202);
    const id = JSON.parse(posted.body).data.id as string;
    const state = async () => (await t.request('GET', `/api/imports/${id}`, { token: director })).body.data;
    expect(await until(async () => ['done', 'failed'].includes((await state()).state), 60_000)).toBe(true);
    expect((await state()).counts).toMatchObject({ subscribers: 2, paid: 2 });

    expect(await readsWhole(await signIn(gifted))).toBe(true);
    expect(await readsWhole(await signIn(paying))).toBe(false);
    // The subscriber list says what the paid filter finds: the complimentary member is PAID, with no plan of the newsletter.
    const listed = async (type?: string) =>
      (
        await t.request(
          'GET',
          `/api/newsletters/list/${morning.id}/subscriptions?limit=50&search=${encodeURIComponent(gifted)}${type ? `&type=${type}` : ''}`,
          { token: director },
        )
      ).body.data as { _id: string; type: string; plan?: string }[];
    expect(await listed()).toEqual([expect.objectContaining({ _id: gifted, type: 'PAID' })]);
    expect((await listed())[0]!.plan).toBeUndefined();
    expect((await listed('paid')).map((row) => row._id)).toEqual([gifted]);
    expect((await t.request('GET', '/api/payments/account', { token: director })).body.data.importedMembers).toEqual({ matched: 0, notFound: 0, pending: 1 });
  });

  it('lets the Ghost member with a Stripe customer id read the premium story once the account is connected', async () => {
    const connected = await t.request('PUT', '/api/payments/account', { token: director, body: { secretKey } });
    expect(connected.status).toBe(200);
    expect(connected.body.data.importedMembers).toEqual({ matched: 1, notFound: 0, pending: 0 });
    expect(await readsWhole(await signIn(paying))).toBe(true);
    const row = await db()
      .selectFrom('subscribers')
      .select('paid')
      .where('newsletter_id', '=', morning.id)
      .where('email', '=', paying)
      .executeTakeFirstOrThrow();
    expect(row.paid).toBe(true);
  });
});
