/**
 * The local Stripe stand-in (stripe-standin.ts) checked against the official `stripe` package: the
 * package creates sessions through it and reads its errors, and a small local receiver verifies
 * every webhook event with the package's own constructEvent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlErrors } from '../vnu';
import {
  addInterval,
  formatAmount,
  parseForm,
  standinApiVersion,
  startStripeStandin,
  type CheckoutSession,
  type Invoice,
  type StripeStandin,
  type Subscription,
} from './stripe-standin';

interface Receiver {
  url: string;
  /** Events that passed constructEvent, in arrival order, with their raw bodies. */
  events: { event: Stripe.Event; raw: string; signature: string }[];
  rejected: string[];
  close(): Promise<void>;
}

/** A webhook endpoint as the product has one: it answers 400 to what constructEvent refuses. `secret` may be known only later (an endpoint made through the API). */
async function startReceiver(secret: string | (() => string)): Promise<Receiver> {
  const verifier = new Stripe('sk_test_a');
  const events: Receiver['events'] = [];
  const rejected: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(request.headers['stripe-signature'] ?? '');
      try {
        events.push({ event: verifier.webhooks.constructEvent(raw, signature, typeof secret === 'string' ? secret : secret()), raw, signature });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch (error) {
        rejected.push(raw);
        response.writeHead(400, { 'content-type': 'text/plain' }).end(`Webhook Error: ${(error as Error).message}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    events,
    rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const secret = 'whsec_test_standin';
// Jan 31: the monthly periods show the month-end rule (Feb 28, then Mar 31).
const clock = new Date('2026-01-31T10:00:00Z');
const startSeconds = Math.floor(clock.getTime() / 1000);

const types = (receiver: Receiver, from: number) => receiver.events.slice(from).map((entry) => entry.event.type);
const objectOf = <T>(receiver: Receiver, index: number) => receiver.events[index]!.event.data.object as unknown as T;

describe('the local Stripe stand-in', () => {
  let standin: StripeStandin;
  let receiver: Receiver;
  let stripe: Stripe;
  let session: Stripe.Checkout.Session;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    receiver = await startReceiver(secret);
    standin = await startStripeStandin({ now: () => clock });
    standin.addAccount({ secretKey: 'sk_test_a', webhookSecret: secret, webhookUrl: receiver.url });
    standin.addAccount({ secretKey: 'sk_test_b', webhookSecret: 'whsec_b', webhookUrl: receiver.url });
    stripe = new Stripe('sk_test_a', { host: '127.0.0.1', port: standin.port, protocol: 'http' });
  });

  afterAll(async () => {
    await standin?.close();
    await receiver?.close();
  });

  it('parses nested form keys into objects and arrays', () => {
    expect(parseForm('a[b][0][c]=1&a[b][1][c]=2&expand[]=x&expand[]=y&m[k]=v+w')).toEqual({
      a: { b: [{ c: '1' }, { c: '2' }] },
      expand: ['x', 'y'],
      m: { k: 'v w' },
    });
    expect(parseForm('__proto__[x]=1')).toEqual({});
    expect(addInterval(startSeconds, 'month', 1)).toBe(Date.UTC(2026, 1, 28, 10) / 1000);
    expect(addInterval(startSeconds, 'year', 1)).toBe(Date.UTC(2027, 0, 31, 10) / 1000);
    expect(formatAmount(500, 'eur', { interval: 'month', interval_count: 1 })).toBe('€5.00 per month');
  });

  it('creates a Checkout session through the stripe package', async () => {
    session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'ayla@example.com',
      client_reference_id: 'reader-42',
      metadata: { readerId: '42' },
      subscription_data: { metadata: { readerId: '42', newsletter: 'morning' } },
      line_items: [
        { price_data: { currency: 'eur', unit_amount: 500, recurring: { interval: 'month' }, product_data: { name: 'Morning Brief' } }, quantity: 1 },
      ],
      success_url: 'http://127.0.0.1:9/thanks?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:9/plans',
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      livemode: false,
      status: 'open',
      mode: 'subscription',
      customer_email: 'ayla@example.com',
      client_reference_id: 'reader-42',
      metadata: { readerId: '42' },
      amount_total: 500,
      currency: 'eur',
      customer: null,
      subscription: null,
      payment_status: 'unpaid',
      created: startSeconds,
    });
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(session.url).toBe(`${standin.url}/checkout/${session.id}`);
    const request = standin.requests.find((entry) => entry.method === 'POST' && entry.path === '/v1/checkout/sessions')!;
    expect(request.authorization).toBe('Bearer sk_test_a');
    expect(request.form).toMatchObject({
      line_items: [{ price_data: { recurring: { interval: 'month' }, product_data: { name: 'Morning Brief' } }, quantity: '1' }],
    });
  });

  it('shows the Checkout page with the product, the price, the e-mail and Pay', async () => {
    const response = await fetch(session.url!);
    const html = await response.text();
    pages.checkout = html;
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Local Checkout');
    expect(html).toContain('Morning Brief');
    expect(html).toContain('€5.00 per month');
    expect(html).toContain('ayla@example.com');
    expect(html).toContain(`action="/checkout/${session.id}/pay"`);
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toContain('<a href="http://127.0.0.1:9/plans">Cancel</a>');
  });

  it('pays: redirects to success_url and sends the three events, verified and in order', async () => {
    const response = await fetch(`${standin.url}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://127.0.0.1:9/thanks?session=${session.id}`);
    expect(receiver.rejected).toEqual([]);
    expect(types(receiver, 0)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    for (const { event } of receiver.events) {
      expect(event).toMatchObject({ object: 'event', api_version: '2026-10-28.endive', livemode: false, pending_webhooks: 1, request: { id: null } });
      expect(event.id).toMatch(/^evt_/);
    }
    expect(standinApiVersion).toBe('2026-10-28.endive');

    const completed = objectOf<CheckoutSession>(receiver, 0);
    expect(completed).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid', customer_details: { email: 'ayla@example.com' } });
    expect(completed.customer).toMatch(/^cus_/);
    expect(completed.subscription).toMatch(/^sub_/);

    const subscription = objectOf<Subscription>(receiver, 1);
    expect(subscription).toMatchObject({
      id: completed.subscription,
      object: 'subscription',
      customer: completed.customer,
      status: 'active',
      metadata: { readerId: '42', newsletter: 'morning' },
      currency: 'eur',
      start_date: startSeconds,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
    });
    expect(subscription.items.data[0]).toMatchObject({
      object: 'subscription_item',
      current_period_start: startSeconds,
      current_period_end: Date.UTC(2026, 1, 28, 10) / 1000,
      quantity: 1,
      price: { object: 'price', currency: 'eur', unit_amount: 500, recurring: { interval: 'month', interval_count: 1 } },
    });
    expect(subscription.items.data[0]!.price.product).toMatch(/^prod_/);

    const invoice = objectOf<Invoice>(receiver, 2);
    expect(invoice).toMatchObject({
      object: 'invoice',
      customer: completed.customer,
      customer_email: 'ayla@example.com',
      amount_due: 500,
      amount_paid: 500,
      status: 'paid',
      status_transitions: { paid_at: startSeconds },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: { readerId: '42', newsletter: 'morning' } } },
    });
    expect(invoice.lines.data[0]).toMatchObject({ object: 'line_item', amount: 500, period: { start: startSeconds, end: Date.UTC(2026, 1, 28, 10) / 1000 } });
    expect(standin.deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);

    const again = await fetch(`${standin.url}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(400);
    expect(receiver.events).toHaveLength(3);
  });

  it('answers the session and the subscription as they are now', async () => {
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const subscription = await stripe.subscriptions.retrieve(String(paid.subscription));
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', customer: paid.customer });
    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect((expanded.subscription as Stripe.Subscription).id).toBe(subscription.id);
  });

  it('renews, fails a payment, and ends the grace period', async () => {
    const subscriptionId = objectOf<Subscription>(receiver, 1).id;
    const from = receiver.events.length;

    const renewed = await standin.renew(subscriptionId);
    expect(renewed.map((delivery) => delivery.event.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    const afterRenewal = renewed[1]!.event.data.object as Subscription;
    expect(afterRenewal.items.data[0]).toMatchObject({
      current_period_start: Date.UTC(2026, 1, 28, 10) / 1000,
      current_period_end: Date.UTC(2026, 2, 31, 10) / 1000,
    });

    const failed = await standin.failPayment(subscriptionId);
    expect(failed.map((delivery) => delivery.event.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(failed[0]!.event.data.object).toMatchObject({ status: 'open', amount_paid: 0, amount_due: 500 });
    expect(failed[1]!.event.data).toMatchObject({ object: { status: 'past_due' }, previous_attributes: { status: 'active' } });

    const ended = await standin.endGrace(subscriptionId);
    expect(ended.map((delivery) => delivery.event.type)).toEqual(['customer.subscription.deleted']);
    const deleted = ended[0]!.event.data.object as Subscription;
    expect(deleted).toMatchObject({ status: 'canceled', ended_at: startSeconds, canceled_at: startSeconds });

    expect(types(receiver, from)).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    expect(receiver.rejected).toEqual([]);
    await expect(standin.endGrace(subscriptionId)).rejects.toThrow(/past_due/);
  });

  it('redelivers an event byte for byte, freshly signed', async () => {
    const original = receiver.events[0]!;
    const [delivery] = await standin.redeliver(original.event.id);
    expect(delivery!.status).toBe(200);
    const replay = receiver.events.at(-1)!;
    expect(replay.raw).toBe(original.raw);
    expect(replay.event.id).toBe(original.event.id);
  });

  it('lets a test send forged events and sign payloads', async () => {
    const forged = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const refused = await standin.sendRaw(forged, standin.sign(forged, 'whsec_wrong'));
    expect(refused.status).toBe(400);
    expect(receiver.rejected).toEqual([forged]);
    const accepted = await standin.sendRaw(forged, standin.sign(forged));
    expect(accepted.status).toBe(200);
  });

  it('refuses an unknown key, missing params and other accounts’ objects, as Stripe does', async () => {
    const wrong = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: standin.port, protocol: 'http', maxNetworkRetries: 0 });
    const unauthorized = await wrong.checkout.sessions.retrieve(session.id).catch((error: unknown) => error);
    expect(unauthorized).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(unauthorized).toMatchObject({
      statusCode: 401,
      type: 'StripeAuthenticationError',
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_/),
    });

    const missing = await stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://127.0.0.1:9/thanks' }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'line_items' });

    const other = new Stripe('sk_test_b', { host: '127.0.0.1', port: standin.port, protocol: 'http', maxNetworkRetries: 0 });
    const hidden = await other.checkout.sessions.retrieve(session.id).catch((error: unknown) => error);
    expect(hidden).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('opens the customer portal, lists subscriptions and cancels one', async () => {
    const customer = objectOf<CheckoutSession>(receiver, 0).customer!;
    const second = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'ayla@example.com',
      line_items: [
        { price_data: { currency: 'eur', unit_amount: 5000, recurring: { interval: 'year' }, product_data: { name: 'Weekend Edition' } }, quantity: 1 },
      ],
      success_url: 'http://127.0.0.1:9/thanks',
    });
    const paid = await standin.pay(second.id);
    const subscription = paid[1]!.event.data.object as Subscription;
    expect(subscription.customer).toBe(customer);
    expect(subscription.items.data[0]!.current_period_end).toBe(Date.UTC(2027, 0, 31, 10) / 1000);

    const portal = await stripe.billingPortal.sessions.create({ customer, return_url: 'http://127.0.0.1:9/account' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer, return_url: 'http://127.0.0.1:9/account' });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal.url).toBe(`${standin.url}/portal/${portal.id}`);

    const html = await (await fetch(portal.url)).text();
    pages.portal = html;
    expect(html).toContain('Local Customer Portal');
    expect(html).toContain('Morning Brief');
    expect(html).toContain('Weekend Edition');
    expect(html).toContain('€50.00 per year');
    expect(html).toContain('canceled');
    expect(html.match(/Cancel subscription/g)).toHaveLength(1);
    expect(html).toContain('<a href="http://127.0.0.1:9/account">Return</a>');

    const from = receiver.events.length;
    const response = await fetch(`${portal.url}/cancel/${subscription.id}`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/portal/${portal.id}`);
    expect(types(receiver, from)).toEqual(['customer.subscription.deleted']);
    expect(objectOf<Subscription>(receiver, from)).toMatchObject({ id: subscription.id, status: 'canceled' });
    expect(await (await fetch(portal.url)).text()).not.toContain('Cancel subscription');

    const unknown = await stripe.billingPortal.sessions
      .create({ customer: 'cus_nobody', return_url: 'http://127.0.0.1:9/account' })
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
  });

  it('asks for the e-mail when the session has none, and reuses the customer of that address', async () => {
    const open = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price_data: { currency: 'usd', unit_amount: 300, recurring: { interval: 'week' }, product_data: { name: 'Daily Digest' } }, quantity: 2 }],
      success_url: 'http://127.0.0.1:9/thanks',
    });
    const html = await (await fetch(open.url!)).text();
    pages.askEmail = html;
    expect(html).toContain('<input id="email" name="email" type="email" autocomplete="email" required>');
    expect(html).toContain('$6.00 per week');
    const response = await fetch(`${open.url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ayla%40example.com',
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(open.id);
    expect(paid.customer).toBe(objectOf<CheckoutSession>(receiver, 0).customer);
    pages.notFound = await (await fetch(`${standin.url}/checkout/cs_test_nothing`)).text();
  });

  it("answers a key's account, refuses a rolled key and a restricted key's missing permission, as Stripe does", async () => {
    standin.addAccount({ secretKey: 'sk_test_account1', id: 'acct_1Masthead', businessName: 'Sabah Yayınları', email: 'odeme@example.com' });
    const own = new Stripe('sk_test_account1', { host: '127.0.0.1', port: standin.port, protocol: 'http', maxNetworkRetries: 0 });
    expect(await own.accounts.retrieveCurrent()).toMatchObject({
      id: 'acct_1Masthead',
      object: 'account',
      business_profile: { name: 'Sabah Yayınları' },
      email: 'odeme@example.com',
      settings: { dashboard: { display_name: 'Sabah Yayınları' } },
    });
    standin.revokeKey('sk_test_account1');
    const rolled = await own.accounts.retrieveCurrent().catch((error: unknown) => error);
    expect(rolled).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(rolled).toMatchObject({
      statusCode: 401,
      rawType: 'authentication_error',
      message: 'Invalid API Key provided: sk_test_****unt1',
    });

    standin.addAccount({ secretKey: 'rk_test_readonly01', id: 'acct_2Masthead', permissions: ['rak_subscription_read'] });
    const restricted = new Stripe('rk_test_readonly01', { host: '127.0.0.1', port: standin.port, protocol: 'http', maxNetworkRetries: 0 });
    const refused = await restricted.webhookEndpoints
      .create({ url: 'https://example.com/hook', enabled_events: ['invoice.paid'] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect(refused).toMatchObject({
      statusCode: 403,
      message:
        "The provided key 'rk_test_******ly01' does not have the required permissions for this endpoint on account 'acct_2Masthead'. Having the 'rak_webhook_write' permission would allow this request to continue.",
    });
    expect(await restricted.subscriptions.list({ status: 'all' })).toMatchObject({ object: 'list', data: [] });
  });

  it('makes webhook endpoints whose secret is answered once and signs every event sent to them with it', async () => {
    let endpointSecret = '';
    const hook = await startReceiver(() => endpointSecret);
    try {
      standin.addAccount({ secretKey: 'sk_test_endpoints', businessName: null });
      const own = new Stripe('sk_test_endpoints', { host: '127.0.0.1', port: standin.port, protocol: 'http', maxNetworkRetries: 0 });
      const wrong = await own.webhookEndpoints
        .create({ url: hook.url, enabled_events: ['invoice.paid', 'nothing.happened' as 'invoice.paid'] })
        .catch((error: unknown) => error);
      expect(wrong).toMatchObject({ statusCode: 400, param: 'enabled_events[1]' });
      const endpoint = await own.webhookEndpoints.create({
        url: hook.url,
        enabled_events: ['checkout.session.completed', 'invoice.paid'],
        api_version: Stripe.API_VERSION,
        description: 'Masthead',
      });
      expect(endpoint).toMatchObject({ object: 'webhook_endpoint', url: hook.url, livemode: false, status: 'enabled', api_version: standinApiVersion });
      expect(endpoint.id).toMatch(/^we_/);
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
      endpointSecret = endpoint.secret!;
      const listed = await own.webhookEndpoints.list();
      expect(listed.data.map((entry) => entry.id)).toEqual([endpoint.id]);
      expect(listed.data[0]!.secret).toBeUndefined();
      expect(standin.webhookEndpoints('sk_test_endpoints')).toHaveLength(1);

      // Only the events it asked for, signed with its own secret.
      const open = await own.checkout.sessions.create({
        mode: 'subscription',
        customer_email: 'deniz@example.com',
        line_items: [{ price_data: { currency: 'try', unit_amount: 4900, recurring: { interval: 'month' }, product_data: { name: 'Sabah' } }, quantity: 1 }],
        success_url: 'http://127.0.0.1:9/thanks',
      });
      const deliveries = await standin.pay(open.id);
      expect(deliveries.map((delivery) => [delivery.event.type, delivery.status])).toEqual([
        ['checkout.session.completed', 200],
        ['invoice.paid', 200],
      ]);
      expect(hook.rejected).toEqual([]);
      expect(hook.events.map((entry) => entry.event.type)).toEqual(['checkout.session.completed', 'invoice.paid']);

      // A customer's subscriptions, canceled ones with status=all; an unknown customer is refused.
      const customer = String(open.customer ?? (await own.checkout.sessions.retrieve(open.id)).customer);
      const before = standin.addSubscription('sk_test_endpoints', {
        email: 'eski@example.com',
        customerId: 'cus_Ghost0001',
        amount: 500,
        currency: 'usd',
        interval: 'year',
        status: 'canceled',
      });
      expect(before.customer.id).toBe('cus_Ghost0001');
      expect((await own.subscriptions.list({ customer })).data).toHaveLength(1);
      expect((await own.subscriptions.list({ customer: 'cus_Ghost0001' })).data).toHaveLength(0);
      expect((await own.subscriptions.list({ customer: 'cus_Ghost0001', status: 'all' })).data).toMatchObject([
        { status: 'canceled', customer: 'cus_Ghost0001' },
      ]);
      const unknown = await own.subscriptions.list({ customer: 'cus_nobody', status: 'all' }).catch((error: unknown) => error);
      expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer', message: "No such customer: 'cus_nobody'" });

      expect(await own.webhookEndpoints.del(endpoint.id)).toMatchObject({ id: endpoint.id, deleted: true });
      expect(standin.webhookEndpoints('sk_test_endpoints')).toEqual([]);
      expect(await own.webhookEndpoints.del(endpoint.id).catch((error: unknown) => error)).toMatchObject({ statusCode: 404 });
    } finally {
      await hook.close();
    }
  });

  it('serves valid HTML5 pages', async () => {
    const errors = await htmlErrors(pages);
    expect(errors).toEqual({ checkout: [], portal: [], askEmail: [], notFound: [] });
  }, 60_000);
});
