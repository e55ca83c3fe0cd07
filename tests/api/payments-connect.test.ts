/**
 * Stripe in one step (issue 56, plugins/payments), against the local Stripe stand-in: a key Stripe
 * refuses is refused with Stripe's reason and nothing is saved; a restricted key without the
 * permission to make webhook endpoints says so; connecting makes the webhook endpoint with the
 * events the webhook applies, and the events Stripe signs with its secret verify; replacing and
 * removing the key removes the old endpoint; only a director of the publisher (or an admin in its
 * scope) connects it. Members an import brings (the plugin's public importPaidMember) keep reading:
 * a Stripe customer is matched to its subscriptions once the account is connected (at connect
 * time, or in a job when imported later), a customer Stripe does not know is counted, a
 * complimentary member reads premium until its expiry. A Checkout that cannot open and a webhook
 * call that fails show on the payments card and notify the directors once.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginApi } from '../../core/server/plugins/contract';
import { importPaidMember } from '../../plugins/payments/server/public';
import { handledEvents } from '../../plugins/payments/server/webhook';
import { premiumStory, readerPages } from './payments-readers';
import { enginesFor, startTestServer, type TestServer } from './server';
import { startStripeStandin, type StripeStandin } from './stripe-standin';

const databases = enginesFor('embedded');

const secretKey = 'sk_test_Masthead0003connect4242';
const otherKey = 'sk_test_Masthead0004another9999';

describe.each(databases)('Stripe in one step on %s', (kind) => {
  let t: TestServer;
  let standin: StripeStandin;
  let director: string;
  let editor: string;
  let morning: { id: string; publisher_id: string };
  let story: { slug: string };
  let webhookUrl: string;
  const readers = {
    ghost: 'ghost.uye@example.com',
    unknown: 'bilinmeyen.musteri@example.com',
    gift: 'hediye.uye@example.com',
    expired: 'suresi.dolmus@example.com',
    later: 'sonra.gelen@example.com',
    buyer: 'odeme.deneyen@example.com',
  };
  const wholeText = 'Bu paragraf yalnızca premium okurlara.';

  const db = () => t.server.database.db as any;
  const api = () => t.server.context as unknown as PluginApi;
  const { page, signIn, csrfOf } = readerPages(() => t);
  const cookies = new Map<string, string>();
  /** Whether the reader, signed in, reads the premium story whole. */
  const readsWhole = async (email: string) => {
    if (!cookies.has(email)) cookies.set(email, await signIn(email));
    return (await page('GET', `/s/${story.slug}`, { cookie: cookies.get(email) })).html.includes(wholeText);
  };
  const paidFlag = async (email: string) =>
    (await db().selectFrom('subscribers').select('paid').where('newsletter_id', '=', morning.id).where('email', '=', email).executeTakeFirstOrThrow()).paid;
  const account = async () => (await t.request('GET', '/api/payments/account', { token: director })).body.data;
  const connect = (key: string) => t.request('PUT', '/api/payments/account', { token: director, body: { secretKey: key } });
  const importMember = (email: string, member: { customerId?: string; complimentary?: boolean; expiresAt?: Date }) =>
    importPaidMember(api(), {
      publisherId: morning.publisher_id,
      newsletterId: morning.id,
      email,
      customerId: member.customerId ?? null,
      complimentary: member.complimentary ?? false,
      expiresAt: member.expiresAt ?? null,
    });

  let ghostSubscription: string;

  beforeAll(async () => {
    standin = await startStripeStandin();
    t = await startTestServer(kind, { STRIPE_API_URL: standin.url });
    const address = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    // The endpoints the server makes name its public address: the stand-in posts there to the listening server.
    standin.resolve('http://console.test', address);
    director = await t.login('director@masthead.local');
    editor = await t.login('editor@masthead.local');
    morning = await db().selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    webhookUrl = `http://console.test/api/payments/webhook/${morning.publisher_id}`;
    standin.addAccount({ secretKey, id: 'acct_1SabahYayinlari', businessName: 'Sabah Yayınları', email: 'odeme@sabah.example' });
    standin.addAccount({ secretKey: otherKey, id: 'acct_2YeniHesap', businessName: null, email: 'yeni@sabah.example' });
    // A reader who paid on the publisher's old platform, through the same Stripe account: a yearly subscription, active.
    ghostSubscription = standin.addSubscription(secretKey, {
      email: readers.ghost,
      customerId: 'cus_GhostMember01',
      amount: 50000,
      currency: 'try',
      interval: 'year',
    }).subscription.id;
    standin.addSubscription(secretKey, { email: readers.later, customerId: 'cus_GhostMember02', amount: 5000, currency: 'try', interval: 'month' });
    // Each reader is a subscriber of Sabah Bülteni (as the import makes them before handing the paying ones over).
    await db()
      .insertInto('subscribers')
      .values(Object.values(readers).map((email) => ({ id: randomUUID(), newsletter_id: morning.id, email, name: 'Okur', medium: 'email' })))
      .execute();
    story = await premiumStory(db(), morning.id, 'Herkesin okuduğu ilk paragraf.', wholeText);
    expect(
      (await t.request('PUT', `/api/payments/plans/${morning.id}`, { token: director, body: { currency: 'try', monthly: 4900, yearly: 49000 } })).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  it("refuses a key Stripe does not know with Stripe's reason, and saves nothing", async () => {
    const refused = await connect('sk_test_NobodyKnowsThisKey0000abcd');
    expect(refused.status).toBe(422);
    expect(refused.body.details).toHaveLength(1);
    expect(refused.body.details[0].path).toBe('secretKey');
    expect(refused.body.details[0].message).toMatch(/^Stripe refused this key: Invalid API Key provided: sk_test_\*+abcd$/);
    expect(JSON.stringify(refused.body)).not.toContain('NobodyKnowsThisKey');
    expect(await db().selectFrom('payment_accounts').selectAll().execute()).toEqual([]);
    expect(await account()).toMatchObject({ configured: false, secretKeyHint: null, account: null, webhookEndpoint: null });
    // Readers are offered nothing while nothing is connected.
    expect((await page('GET', '/n/sabah-bulteni/premium')).status).toBe(404);
  });

  it('says what a restricted key lacks, and connects one that may make webhook endpoints', async () => {
    standin.addAccount({ secretKey: 'rk_test_NoWebhooks00001', permissions: ['rak_checkout_session_write', 'rak_subscription_read'] });
    const refused = await connect('rk_test_NoWebhooks00001');
    expect(refused.status).toBe(422);
    expect(refused.body.details[0].path).toBe('secretKey');
    expect(refused.body.details[0].message).toContain("Having the 'rak_webhook_write' permission would allow this request to continue.");
    expect(refused.body.details[0].message).toContain('A restricted key needs these permissions: Webhook Endpoints (write)');
    expect(standin.webhookEndpoints('rk_test_NoWebhooks00001')).toEqual([]);
    expect((await account()).configured).toBe(false);
    // An account that may have no more webhook endpoints: Stripe's reason, and nothing saved.
    standin.addAccount({ secretKey: 'sk_test_FullOfEndpoints01', webhookEndpointLimit: 0 });
    const full = await connect('sk_test_FullOfEndpoints01');
    expect(full.status).toBe(422);
    expect(full.body.details[0]).toEqual({
      path: 'secretKey',
      message: 'Stripe did not create the webhook endpoint: You have reached the maximum of 0 test webhook endpoints.',
    });
    expect((await account()).configured).toBe(false);

    // Stripe seldom lets a restricted key read the account: it connects all the same, without the account's name.
    const restricted = 'rk_test_WithWebhooks0001';
    standin.addAccount({ secretKey: restricted, permissions: ['rak_webhook_write', 'rak_checkout_session_write', 'rak_subscription_read'] });
    const connected = await connect(restricted);
    expect(connected.status).toBe(200);
    expect(connected.body.data).toMatchObject({
      configured: true,
      secretKeyHint: 'rk_test_…0001',
      account: { id: null, name: null, mode: 'test' },
      webhookEndpoint: 'created',
    });
    expect(standin.webhookEndpoints(restricted)).toHaveLength(1);
    const removed = await t.request('DELETE', '/api/payments/account', { token: director });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ configured: false, account: null });
    expect(standin.webhookEndpoints(restricted)).toEqual([]);
  });

  it('lets only a director of the publisher (or an admin in its scope) connect it', async () => {
    // An editor holds no publishers.update: refused as the spec refuses a permission (401).
    expect((await t.request('PUT', '/api/payments/account', { token: editor, body: { secretKey } })).status).toBe(401);
    expect((await t.request('GET', '/api/payments/account', { token: editor })).status).toBe(401);
    const admin = await t.login('admin@masthead.local');
    // An admin without a publisher in scope connects nobody's.
    expect((await t.request('PUT', '/api/payments/account', { token: admin, body: { secretKey } })).status).toBe(404);
    expect(standin.webhookEndpoints(secretKey)).toEqual([]);
  });

  it('keeps imported paying members until the account is connected, then matches their customers with their subscriptions', async () => {
    await importMember(readers.ghost, { customerId: 'cus_GhostMember01' });
    await importMember(readers.unknown, { customerId: 'cus_NotInStripe001' });
    // Importing the same member again changes nothing.
    await importMember(readers.ghost, { customerId: 'cus_GhostMember01' });
    expect((await account()).importedMembers).toEqual({ matched: 0, notFound: 0, pending: 2 });
    expect(await readsWhole(readers.ghost)).toBe(false);
    expect(await paidFlag(readers.ghost)).toBe(false);

    const connected = await connect(secretKey);
    expect(connected.status).toBe(200);
    expect(connected.body.msg).toBe('Stripe is connected.');
    expect(connected.body.data).toMatchObject({
      configured: true,
      secretKeyHint: 'sk_test_…4242',
      webhookUrl,
      account: { id: 'acct_1SabahYayinlari', name: 'Sabah Yayınları', mode: 'test' },
      webhookEndpoint: 'created',
      lastProblem: null,
      importedMembers: { matched: 1, notFound: 1, pending: 0 },
    });
    // The endpoint the server made: its address, the events the webhook applies, in the package's API version.
    const endpoints = standin.webhookEndpoints(secretKey);
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0]).toMatchObject({ url: webhookUrl, api_version: Stripe.API_VERSION, status: 'enabled' });
    expect([...endpoints[0]!.enabled_events].sort()).toEqual([...handledEvents].sort());
    const stored = await db().selectFrom('payment_accounts').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ account_id: 'acct_1SabahYayinlari', livemode: false, webhook_endpoint_id: endpoints[0]!.id });
    expect(stored.webhook_secret_sealed).not.toContain('whsec_');

    // The Ghost member pays from day one: the subscription as Stripe has it, the paid flag, the story whole.
    expect(await db().selectFrom('paid_subscriptions').selectAll().where('id', '=', ghostSubscription).executeTakeFirst()).toMatchObject({
      newsletter_id: morning.id,
      email: readers.ghost,
      customer_id: 'cus_GhostMember01',
      plan: 'yearly',
      amount: 50000,
      status: 'active',
    });
    expect(await paidFlag(readers.ghost)).toBe(true);
    expect(await readsWhole(readers.ghost)).toBe(true);
    expect(await readsWhole(readers.unknown)).toBe(false);
    expect(await db().selectFrom('imported_members').select(['email', 'stripe_match']).orderBy('email').execute()).toEqual([
      { email: readers.unknown, stripe_match: 'missing' },
      { email: readers.ghost, stripe_match: 'matched' },
    ]);
  });

  it("verifies the events Stripe signs with the endpoint's secret, and applies them to an imported subscription", async () => {
    const deliveries = await standin.cancel(ghostSubscription);
    expect(deliveries.map((delivery) => [delivery.url, delivery.event.type, delivery.status])).toEqual([[webhookUrl, 'customer.subscription.deleted', 200]]);
    expect(JSON.parse(deliveries[0]!.body).data.applied).toBe(true);
    expect(await db().selectFrom('paid_subscriptions').select('status').where('id', '=', ghostSubscription).executeTakeFirst()).toEqual({ status: 'canceled' });
    expect(await paidFlag(readers.ghost)).toBe(false);
    expect(await readsWhole(readers.ghost)).toBe(false);
  });

  it('matches a member imported into a connected account in a job', async () => {
    await importMember(readers.later, { customerId: 'cus_GhostMember02' });
    await expect.poll(async () => (await account()).importedMembers, { timeout: 20_000 }).toEqual({ matched: 2, notFound: 1, pending: 0 });
    expect(await paidFlag(readers.later)).toBe(true);
    expect(await readsWhole(readers.later)).toBe(true);
  });

  it('lets a complimentary member read premium until the plan expires, without Stripe', async () => {
    const nextYear = new Date(Date.now() + 365 * 86_400_000);
    await importMember(readers.gift, { complimentary: true, expiresAt: nextYear });
    await importMember(readers.expired, { complimentary: true, expiresAt: new Date(Date.now() - 86_400_000) });
    expect(await readsWhole(readers.gift)).toBe(true);
    expect(await paidFlag(readers.gift)).toBe(true);
    expect(await readsWhole(readers.expired)).toBe(false);
    expect(await paidFlag(readers.expired)).toBe(false);
    // Its premium page says so, without a plan to buy; the expired member's offers the plans again.
    const gifted = await page('GET', '/n/sabah-bulteni/premium', { cookie: cookies.get(readers.gift) });
    expect(gifted.html).toMatch(/Size tanınan üyelikle premium yazıları [^<]+ tarihine kadar okursunuz\./);
    expect(gifted.html).not.toContain('/premium/checkout');
    expect((await page('GET', '/n/sabah-bulteni/premium', { cookie: cookies.get(readers.expired) })).html).toContain('/premium/checkout');
    // Neither is anybody Stripe should look for.
    expect((await account()).importedMembers).toEqual({ matched: 2, notFound: 1, pending: 0 });
    // The payers' copy of an issue goes to them too.
    const paying = await db()
      .selectFrom('subscribers')
      .select('email')
      .where('newsletter_id', '=', morning.id)
      .where('email', 'in', Object.values(readers))
      .where('paid', '=', true)
      .execute();
    expect(paying.map((row: { email: string }) => row.email).sort()).toEqual([readers.gift, readers.later].sort());
  });

  it('removes the old endpoint when the key is replaced, and the endpoint with the key', async () => {
    const [old] = standin.webhookEndpoints(secretKey);
    const replaced = await connect(otherKey);
    expect(replaced.status).toBe(200);
    // An account with no business name is named by its e-mail.
    expect(replaced.body.data.account).toEqual({ id: 'acct_2YeniHesap', name: 'yeni@sabah.example', mode: 'test' });
    expect(standin.webhookEndpoints(secretKey)).toEqual([]);
    const [made] = standin.webhookEndpoints(otherKey);
    expect(made!.id).not.toBe(old!.id);
    expect(made!.url).toBe(webhookUrl);
    // The customer Stripe did not know is looked for in the account now connected.
    expect(standin.requests.filter((request) => request.authorization === `Bearer ${otherKey}` && request.form.customer === 'cus_NotInStripe001')).toHaveLength(
      1,
    );

    const removed = await t.request('DELETE', '/api/payments/account', { token: director });
    expect(removed.body.data).toMatchObject({ configured: false, account: null, webhookEndpoint: null });
    expect(standin.webhookEndpoints(otherKey)).toEqual([]);
    expect((await connect(secretKey)).status).toBe(200);
    expect(standin.webhookEndpoints(secretKey)).toHaveLength(1);
  });

  it('shows a Checkout that cannot open and a failing webhook on the card, and tells the directors once', async () => {
    const directors = await db().selectFrom('users').select('id').where('publisher_id', '=', morning.publisher_id).where('role', '=', 'director').execute();
    expect(directors.length).toBeGreaterThan(0);
    const notices = async () =>
      (await db()
        .selectFrom('notifications')
        .select(['user_id', 'title', 'link'])
        .where(
          'user_id',
          'in',
          directors.map((row: { id: string }) => row.id),
        )
        .where('link', '=', `/publishers/show/${morning.publisher_id}/settings`)
        .execute()) as { user_id: string; title: string }[];
    expect(await notices()).toEqual([]);

    // The key is rolled in Stripe's dashboard: Checkout no longer opens.
    standin.revokeKey(secretKey);
    const cookie = await signIn(readers.buyer);
    const plans = await page('GET', '/n/sabah-bulteni/premium', { cookie });
    const csrf = csrfOf(plans.html);
    const failed = await page('POST', '/n/sabah-bulteni/premium/checkout', { cookie, form: { plan: 'monthly', csrf } });
    expect(failed.status).toBe(502);
    expect(failed.html).toContain('Ödeme sayfası şu anda açılamıyor.');
    expect(failed.html).not.toContain('Invalid API Key');
    const card = await account();
    expect(card.lastProblem).toMatchObject({ kind: 'checkout' });
    expect(card.lastProblem.reason).toMatch(/Stripe says: Invalid API Key provided: sk_test_\*+4242/);
    expect(card.lastProblem.reason).not.toContain(readers.buyer);
    expect(Date.parse(card.lastProblem.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await notices()).toHaveLength(directors.length);
    expect((await notices())[0]!.title).toBe('A reader could not open the Stripe payment page');
    // Again within the hour: the card shows the latest, nobody is told twice.
    expect((await page('POST', '/n/sabah-bulteni/premium/checkout', { cookie, form: { plan: 'monthly', csrf } })).status).toBe(502);
    expect(await notices()).toHaveLength(directors.length);

    // A call to the webhook address that does not verify: refused, shown, told once.
    const forged = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'invoice.paid', data: { object: {} } });
    expect((await standin.sendRaw(forged, standin.sign(forged, 'whsec_NotTheEndpointsSecret'), secretKey)).status).toBe(401);
    expect((await standin.sendRaw(forged, 'nonsense', secretKey)).status).toBe(401);
    const after = await account();
    expect(after.lastProblem).toMatchObject({ kind: 'webhook' });
    expect(after.lastProblem.reason).toBe(
      'A call to the webhook address was refused: its signature does not verify (Unable to extract timestamp and signatures from header).',
    );
    expect((await notices()).filter((notice) => notice.title === "Stripe's notice of a payment could not be taken")).toHaveLength(directors.length);
    expect(await notices()).toHaveLength(2 * directors.length);

    // A signed event the server cannot apply (a subscription without its price): 500, so that Stripe delivers it again, and shown.
    const broken = JSON.stringify({
      id: 'evt_Broken000001',
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type: 'customer.subscription.updated',
      livemode: false,
      data: { object: { id: ghostSubscription, object: 'subscription', customer: 'cus_GhostMember01', status: 'active', metadata: {}, items: { data: [{}] } } },
    });
    expect((await standin.sendRaw(broken, standin.sign(broken), secretKey)).status).toBe(500);
    const failedEvent = (await account()).lastProblem;
    expect(failedEvent).toMatchObject({ kind: 'webhook' });
    expect(failedEvent.reason).toMatch(/^Stripe's event customer\.subscription\.updated \(evt_Broken000001\) could not be applied: /);
    // Not applied, so not remembered: Stripe's next delivery is tried again.
    expect(await db().selectFrom('stripe_events').select('id').where('id', '=', 'evt_Broken000001').execute()).toEqual([]);
    expect(await notices()).toHaveLength(2 * directors.length);
  });
});
