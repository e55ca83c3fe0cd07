/**
 * A Stripe event changes only what its signer owns (issue 53 point 2). Each publisher sets its own
 * webhook signing secret, so a director can sign any event it likes and post it to its own
 * publisher's webhook: one that names another publisher's subscription, customer, invoice or
 * newsletter (even with the signer's own newsletter in its metadata) changes nothing, is answered
 * 200 with `applied: false` (Stripe retries anything else for days) and is logged without a
 * secret; the same events for the signer's own subscription apply. Events are made and signed here
 * with the `stripe` package's own helper and posted to the in-process server.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { premiumAccess } from '../../plugins/stories/server/public';
import { startTestServer, subscribeConfirmed, type TestServer } from '../api/server';
import { startStripeStandin, type StripeStandin } from '../api/stripe-standin';

// Each publisher connects its key; the signing secret is the one Stripe (the stand-in) gave the endpoint it made.
const kuzey = { secretKey: 'sk_test_Masthead0053kuzeyKey4242', webhookSecret: '' };
const ege = { secretKey: 'sk_test_Masthead0053egeKey7777', webhookSecret: '' };

interface Owner {
  publisherId: string;
  newsletterId: string;
  webhookSecret: string;
}

describe("a payment event signed by one publisher and another publisher's subscription", () => {
  let t: TestServer;
  let standin: StripeStandin;
  const logLines: string[] = [];
  /** Kuzey Medya, whose reader pays for Sabah Bülteni. */
  let victim: Owner;
  /** Ege Haber, whose director signs the events. */
  let signer: Owner;
  const victimReader = 'odeyen.okur@example.com';
  const signerReader = 'ege.okur@example.com';
  const victimIds = { subscription: 'sub_Kuzey0053', customer: 'cus_Kuzey0053', invoice: 'in_Kuzey0053' };

  const db = () => t.server.database.db as any;
  // Each event a minute after the one before: an older event never undoes a newer one.
  const start = Math.floor(Date.now() / 1000);
  let sequence = 0;
  const event = (type: string, object: Record<string, unknown>) => {
    sequence += 1;
    return { id: `evt_0053_${sequence}`, object: 'event', type, created: start + sequence * 60, livemode: false, data: { object } };
  };
  const metadata = (newsletterId: string, email: string) => ({ newsletterId, plan: 'monthly', email });
  const session = (ids: { subscription: string; customer: string }, newsletterId: string, email: string) => ({
    id: `cs_${ids.subscription}`,
    object: 'checkout.session',
    mode: 'subscription',
    subscription: ids.subscription,
    customer: ids.customer,
    amount_total: 4900,
    currency: 'try',
    metadata: metadata(newsletterId, email),
  });
  const subscription = (ids: { subscription: string; customer: string }, newsletterId: string, email: string, status = 'active') => ({
    id: ids.subscription,
    object: 'subscription',
    customer: ids.customer,
    status,
    currency: 'try',
    metadata: metadata(newsletterId, email),
    start_date: start,
    canceled_at: status === 'canceled' ? start + sequence * 60 : null,
    ended_at: status === 'canceled' ? start + sequence * 60 : null,
    items: {
      object: 'list',
      data: [{ id: `si_${ids.subscription}`, current_period_end: start + 30 * 86_400, price: { unit_amount: 4900, recurring: { interval: 'month' } } }],
    },
  });
  const invoice = (ids: { subscription: string; customer: string; invoice: string }, newsletterId: string, email: string) => ({
    id: ids.invoice,
    object: 'invoice',
    customer: ids.customer,
    currency: 'try',
    amount_paid: 4900,
    status_transitions: { paid_at: start },
    parent: { type: 'subscription_details', subscription_details: { subscription: ids.subscription, metadata: metadata(newsletterId, email) } },
  });
  /** Posts an event signed with the owner's secret to the owner's webhook. */
  const post = async (owner: Owner, body: object) => {
    const payload = JSON.stringify(body);
    const response = await t.server.app.inject({
      method: 'POST',
      url: `/api/payments/webhook/${owner.publisherId}`,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: owner.webhookSecret }) },
      payload,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  const refused = async (body: object) => expect(await post(signer, body)).toEqual({ status: 200, body: { data: { applied: false } } });
  const applied = async (owner: Owner, body: object) => expect(await post(owner, body)).toEqual({ status: 200, body: { data: { applied: true } } });

  const row = (id: string) => db().selectFrom('paid_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  const payers = (newsletterId: string) => t.server.context.extensions.one(premiumAccess)!.payers(newsletterId);
  let kuzeyDirector: string;
  const typeOf = async (email: string) => {
    const answer = await t.request('GET', `/api/newsletters/list/${victim.newsletterId}/subscriptions?search=${encodeURIComponent(email)}`, {
      token: kuzeyDirector,
    });
    expect(answer.status).toBe(200);
    return answer.body.data.find((entry: { _id: string }) => entry._id === email)?.type;
  };
  /** What the victim's reader has, all of which must stay as it is. */
  const victimState = async () => ({
    row: await row(victimIds.subscription),
    pays: (await payers(victim.newsletterId)).has(victimReader),
    type: await typeOf(victimReader),
    payments: await db().selectFrom('payments').selectAll().where('id', '=', victimIds.invoice).execute(),
  });
  let before: Awaited<ReturnType<typeof victimState>>;

  beforeAll(async () => {
    standin = await startStripeStandin();
    standin.addAccount({ secretKey: kuzey.secretKey, id: 'acct_1KuzeyMedya0053', businessName: 'Kuzey Medya' });
    standin.addAccount({ secretKey: ege.secretKey, id: 'acct_1EgeHaber0053', businessName: 'Ege Haber' });
    t = await startTestServer('pglite', { LOG_LEVEL: 'info', STRIPE_API_URL: standin.url }, { logStream: { write: (line) => void logLines.push(line) } });
    const newsletters = await db()
      .selectFrom('newsletters')
      .select(['id', 'key', 'publisher_id'])
      .where('key', 'in', ['sabah-bulteni', 'ege-gundem'])
      .execute();
    const byKey = Object.fromEntries(newsletters.map((newsletter: { key: string }) => [newsletter.key, newsletter]));
    kuzeyDirector = await t.login('director@masthead.local');
    const egeDirector = await t.login('director@egehaber.example');
    expect((await t.request('PUT', '/api/payments/account', { token: kuzeyDirector, body: { secretKey: kuzey.secretKey } })).status).toBe(200);
    expect((await t.request('PUT', '/api/payments/account', { token: egeDirector, body: { secretKey: ege.secretKey } })).status).toBe(200);
    // The director knows the signing secret of its own endpoint (Stripe's dashboard shows it): read it as the server keeps it.
    const signingSecret = async (publisherId: string) => {
      const account = await db()
        .selectFrom('payment_accounts')
        .select('webhook_secret_sealed')
        .where('publisher_id', '=', publisherId)
        .executeTakeFirstOrThrow();
      return t.server.context.secrets.open(account.webhook_secret_sealed)!;
    };
    kuzey.webhookSecret = await signingSecret(byKey['sabah-bulteni'].publisher_id);
    ege.webhookSecret = await signingSecret(byKey['ege-gundem'].publisher_id);
    victim = { publisherId: byKey['sabah-bulteni'].publisher_id, newsletterId: byKey['sabah-bulteni'].id, webhookSecret: kuzey.webhookSecret };
    signer = { publisherId: byKey['ege-gundem'].publisher_id, newsletterId: byKey['ege-gundem'].id, webhookSecret: ege.webhookSecret };
    await subscribeConfirmed(t, victim.newsletterId, victimReader);
    await subscribeConfirmed(t, signer.newsletterId, signerReader);
    // Kuzey Medya's reader pays, as Stripe told Kuzey Medya's webhook.
    await applied(victim, event('checkout.session.completed', session(victimIds, victim.newsletterId, victimReader)));
    await applied(victim, event('customer.subscription.created', subscription(victimIds, victim.newsletterId, victimReader)));
    await applied(victim, event('invoice.paid', invoice(victimIds, victim.newsletterId, victimReader)));
    before = await victimState();
    expect(before).toMatchObject({
      row: { publisher_id: victim.publisherId, newsletter_id: victim.newsletterId, status: 'active', customer_id: victimIds.customer },
      pays: true,
      type: 'PAID',
      payments: [{ publisher_id: victim.publisherId }],
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  it("changes nothing when it cancels another publisher's subscription with the signer's own newsletter in its metadata", async () => {
    for (const type of ['customer.subscription.updated', 'customer.subscription.deleted', 'customer.subscription.created']) {
      await refused(event(type, subscription(victimIds, signer.newsletterId, signerReader, 'canceled')));
      // The signer's own customer id does not help either.
      await refused(event(type, subscription({ ...victimIds, customer: 'cus_Ege0053' }, signer.newsletterId, signerReader, 'canceled')));
    }
    expect(await victimState()).toEqual(before);
    expect((await payers(signer.newsletterId)).has(signerReader)).toBe(false);
    // Logged, with the ids Stripe gave and nothing secret.
    const warnings = logLines.filter((line) => line.includes("names another publisher's data"));
    expect(warnings.length).toBe(6);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ publisherId: signer.publisherId, refused: 'subscription', id: victimIds.subscription });
  });

  it("changes nothing when it names another publisher's newsletter", async () => {
    const ids = { subscription: 'sub_Ege0053new', customer: 'cus_Ege0053new', invoice: 'in_Ege0053new' };
    await refused(event('customer.subscription.updated', subscription(victimIds, victim.newsletterId, victimReader, 'canceled')));
    await refused(event('checkout.session.completed', session(ids, victim.newsletterId, victimReader)));
    await refused(event('customer.subscription.created', subscription(ids, victim.newsletterId, victimReader)));
    await refused(event('invoice.paid', invoice(ids, victim.newsletterId, victimReader)));
    expect(await victimState()).toEqual(before);
    expect(await row(ids.subscription)).toBeUndefined();
    expect(await db().selectFrom('payments').selectAll().where('id', '=', ids.invoice).execute()).toEqual([]);
    expect(logLines.some((line) => line.includes('"refused":"newsletter"'))).toBe(true);
  });

  it("changes nothing when it names another publisher's customer", async () => {
    const ids = { subscription: 'sub_Ege0053cus', customer: victimIds.customer, invoice: 'in_Ege0053cus' };
    await refused(event('checkout.session.completed', session(ids, signer.newsletterId, signerReader)));
    await refused(event('customer.subscription.created', subscription(ids, signer.newsletterId, signerReader)));
    await refused(event('invoice.paid', invoice(ids, signer.newsletterId, signerReader)));
    expect(await row(ids.subscription)).toBeUndefined();
    expect(await db().selectFrom('payments').selectAll().where('id', '=', ids.invoice).execute()).toEqual([]);
    expect(await victimState()).toEqual(before);
    expect(logLines.some((line) => line.includes('"refused":"customer"'))).toBe(true);
  });

  it("changes nothing when its invoice names another publisher's subscription or invoice", async () => {
    const own = { subscription: 'sub_Ege0053inv', customer: 'cus_Ege0053inv' };
    await refused(event('invoice.payment_failed', invoice({ ...victimIds, customer: own.customer }, signer.newsletterId, signerReader)));
    await refused(event('invoice.paid', invoice({ ...victimIds, customer: own.customer, invoice: 'in_Ege0053inv' }, signer.newsletterId, signerReader)));
    // Kuzey Medya's invoice id on a subscription of the signer's own: the payment stays Kuzey Medya's.
    await refused(event('invoice.paid', invoice({ ...own, invoice: victimIds.invoice }, signer.newsletterId, signerReader)));
    const after = await victimState();
    expect(after).toEqual(before);
    expect(after.row.payment_failed_at).toBeNull();
    expect(await db().selectFrom('payments').selectAll().where('id', '=', 'in_Ege0053inv').execute()).toEqual([]);
    expect(logLines.some((line) => line.includes('"refused":"invoice"'))).toBe(true);
    // No log line carries a key or a signing secret.
    for (const secret of [kuzey.secretKey, kuzey.webhookSecret, ege.secretKey, ege.webhookSecret]) expect(logLines.join('\n')).not.toContain(secret);
  });

  it("applies the same events to the signer's own subscription", async () => {
    const own = { subscription: 'sub_Ege0053own', customer: 'cus_Ege0053own', invoice: 'in_Ege0053own' };
    await applied(signer, event('checkout.session.completed', session(own, signer.newsletterId, signerReader)));
    await applied(signer, event('customer.subscription.created', subscription(own, signer.newsletterId, signerReader)));
    await applied(signer, event('invoice.paid', invoice(own, signer.newsletterId, signerReader)));
    expect(await row(own.subscription)).toMatchObject({ publisher_id: signer.publisherId, newsletter_id: signer.newsletterId, status: 'active' });
    expect((await payers(signer.newsletterId)).has(signerReader)).toBe(true);
    await applied(signer, event('invoice.payment_failed', invoice(own, signer.newsletterId, signerReader)));
    expect((await row(own.subscription)).payment_failed_at).not.toBeNull();
    await applied(signer, event('customer.subscription.updated', subscription(own, signer.newsletterId, signerReader, 'canceled')));
    expect(await row(own.subscription)).toMatchObject({ publisher_id: signer.publisherId, status: 'canceled' });
    expect((await payers(signer.newsletterId)).has(signerReader)).toBe(false);
    // And Kuzey Medya's reader pays on.
    expect(await victimState()).toEqual(before);
  });
});
