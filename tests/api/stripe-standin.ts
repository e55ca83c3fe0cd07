/**
 * A local stand-in for Stripe, for the tests and the browser journeys: a node:http server on a free
 * port that answers the API calls paid subscriptions make (Checkout sessions, billing portal
 * sessions, subscriptions) in Stripe's JSON shapes, serves small Checkout and customer portal pages
 * a browser can click through, and posts signed webhook events to each account's URL, awaiting
 * the answer. Tests drive what happens later (renewals, failed payments, the end of the grace
 * period, cancellations, replays, forged events) through its methods. Nothing reaches the network.
 *
 * The product points the official `stripe` package at it:
 * `new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 })`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The API version of the installed package, written into every event. */
export const standinApiVersion: string = Stripe.API_VERSION;

// ---------------------------------------------------------------------------------------------
// Shapes (the fields the product reads, in Stripe's current API version)
// ---------------------------------------------------------------------------------------------

export type Interval = 'day' | 'week' | 'month' | 'year';
export type Metadata = Record<string, string>;

export interface Recurring {
  interval: Interval;
  interval_count: number;
}

export interface Product {
  id: string;
  object: 'product';
  livemode: false;
  created: number;
  name: string;
}

export interface Price {
  id: string;
  object: 'price';
  livemode: false;
  created: number;
  active: true;
  type: 'recurring';
  currency: string;
  unit_amount: number;
  product: string;
  recurring: Recurring;
}

export interface Customer {
  id: string;
  object: 'customer';
  livemode: false;
  created: number;
  email: string;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  livemode: false;
  created: number;
  expires_at: number;
  /** Null once the session is complete, as on Stripe. */
  url: string | null;
  status: 'open' | 'complete';
  mode: 'subscription';
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  success_url: string;
  cancel_url: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer: string | null;
  customer_details: { email: string } | null;
  subscription: string | null;
  payment_status: 'unpaid' | 'paid';
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  livemode: false;
  created: number;
  customer: string;
  return_url: string | null;
  url: string;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  quantity: number;
  metadata: Metadata;
  price: Price;
}

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

export interface Subscription {
  id: string;
  object: 'subscription';
  livemode: false;
  created: number;
  customer: string;
  status: SubscriptionStatus;
  metadata: Metadata;
  currency: string;
  start_date: number;
  billing_cycle_anchor: number;
  cancel_at_period_end: false;
  cancel_at: null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { reason: 'cancellation_requested' | 'payment_failed' | null; comment: null; feedback: null };
  latest_invoice: string | null;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  quantity: number;
  description: string;
  period: { start: number; end: number };
  parent: { type: 'subscription_item_details'; subscription_item_details: { subscription: string; subscription_item: string } };
}

export interface Invoice {
  id: string;
  object: 'invoice';
  livemode: false;
  created: number;
  customer: string;
  customer_email: string;
  currency: string;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  total: number;
  status: 'paid' | 'open';
  attempted: true;
  attempt_count: number;
  status_transitions: { finalized_at: number; paid_at: number | null };
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Metadata } };
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; url: string };
}

export type StripeObject = Product | Price | Customer | CheckoutSession | PortalSession | Subscription | Invoice;

export type StandinEventType =
  | 'checkout.session.completed'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed';

export interface StandinEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: StandinEventType;
  livemode: false;
  pending_webhooks: 1;
  request: { id: null; idempotency_key: null };
  data: { object: CheckoutSession | Subscription | Invoice; previous_attributes?: Record<string, unknown> };
}

// ---------------------------------------------------------------------------------------------
// The stand-in's own interface
// ---------------------------------------------------------------------------------------------

export interface StandinAccount {
  /** The Bearer key that picks this account, e.g. 'sk_test_a'. */
  secretKey: string;
  /** Signs this account's events ('whsec_...'). */
  webhookSecret: string;
  /** Where this account's events are posted. */
  webhookUrl: string;
}

/** One request the stand-in answered (API or page); `form` is the parsed body, or the query of a GET. */
export interface StandinRequest {
  method: string;
  path: string;
  form: FormObject;
  authorization: string | undefined;
  headers: IncomingHttpHeaders;
}

/** One event posted to a webhook URL and the answer it got (status 0 when nothing answered; `body` then says why). */
export interface Delivery {
  event: StandinEvent;
  /** The exact bytes posted. */
  payload: string;
  signature: string;
  url: string;
  status: number;
  body: string;
}

export interface StripeStandin {
  /** 'http://127.0.0.1:PORT', the product's STRIPE_API_URL. */
  url: string;
  port: number;
  deliveries: Delivery[];
  requests: StandinRequest[];
  /** Adds an account, or changes the webhook URL and secret of the account with that key. */
  addAccount(account: StandinAccount): void;
  /** What the Pay button does: completes the session and sends checkout.session.completed, customer.subscription.created, invoice.paid. */
  pay(sessionId: string, email?: string): Promise<Delivery[]>;
  /** The next period is paid (or the open invoice of a failed renewal is paid at last): invoice.paid, customer.subscription.updated. */
  renew(subscriptionId: string): Promise<Delivery[]>;
  /** A renewal payment fails: invoice.payment_failed, customer.subscription.updated with status past_due. */
  failPayment(subscriptionId: string): Promise<Delivery[]>;
  /** Retries are exhausted for a past_due subscription: customer.subscription.deleted with status canceled. */
  endGrace(subscriptionId: string): Promise<Delivery[]>;
  /** Cancels at once, as the portal's button does: customer.subscription.deleted. */
  cancel(subscriptionId: string): Promise<Delivery[]>;
  /** Posts an event again, byte for byte, with a fresh signature. */
  redeliver(eventId: string): Promise<Delivery[]>;
  /** Posts any body with any signature to an account's webhook URL (the first account's when `secretKey` is absent). */
  sendRaw(body: string, signature: string, secretKey?: string): Promise<{ status: number; body: string }>;
  /** A `stripe-signature` header for this payload (the first account's webhook secret when `secret` is absent). */
  sign(payload: string, secret?: string): string;
  /** A stored object as it is now, e.g. a subscription after a portal cancellation. */
  object<K extends StripeObject['object']>(id: string, kind: K): Extract<StripeObject, { object: K }> | undefined;
  close(): Promise<void>;
}

export interface StripeStandinOptions {
  /** The clock for `created` and billing periods; the real one when absent. Signatures always use the real clock. */
  now?: () => Date;
  accounts?: StandinAccount[];
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** Parses a form body with Stripe's nested keys (`a[b][0][c]=v`, `expand[]=x`) into objects and arrays. */
export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const head = /^[^[]*/.exec(key)![0];
    const path = [head, ...Array.from(key.slice(head.length).matchAll(/\[([^\]]*)\]/g), (match) => match[1]!)];
    if (path.some((segment) => forbiddenKeys.has(segment))) continue;
    let node = root;
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) node[name] = value;
      else node = (isFormObject(node[name]) ? node[name] : (node[name] = {})) as FormObject;
    });
  }
  return withArrays(root) as FormObject;
}

/** Objects whose keys are all indices become arrays, in index order. */
function withArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, withArrays(value[key]!)]));
  if (keys.length === 0 || !keys.every((key) => /^\d+$/.test(key))) return converted;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
}

function isFormObject(value: FormValue | undefined): value is FormObject {
  return typeof value === 'object' && !Array.isArray(value);
}

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomId(prefix: string, length = 24): string {
  return prefix + Array.from(randomBytes(length), (byte) => idAlphabet[byte % idAlphabet.length]).join('');
}

const copy = <T>(value: T): T => structuredClone(value);

/** The top-level fields of `before` that differ in `after`, with their old values (an event's previous_attributes). */
function changedFields(before: object, after: object): Record<string, unknown> {
  const later = after as Record<string, unknown>;
  return Object.fromEntries(Object.entries(before).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(later[key])));
}

/** `anchor` (unix seconds) moved on by `count` intervals; months keep the anchor's day, or the month's last day (Jan 31 → Feb 28). */
export function addInterval(anchor: number, interval: Interval, count: number): number {
  if (interval === 'day' || interval === 'week') return anchor + count * (interval === 'day' ? 1 : 7) * 86_400;
  const start = new Date(anchor * 1000);
  const months = interval === 'month' ? count : count * 12;
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** How the pages show a price: '€5.00 per month', '$50.00 every 3 months', '¥500' (amounts are in the currency's smallest unit). */
export function formatAmount(amount: number, currency: string, recurring?: Recurring): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const money = format.format(amount / 10 ** digits);
  if (!recurring) return money;
  return recurring.interval_count === 1 ? `${money} per ${recurring.interval}` : `${money} every ${recurring.interval_count} ${recurring.interval}s`;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 40rem; padding: 0 1rem; color: #1a1a1a; }
.notice { background: #fff4d6; padding: 0.5rem 0.75rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.4rem; border-bottom: 1px solid #ddd; }
button { font-size: 1rem; padding: 0.4rem 1rem; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------
// Refusals: Stripe's error bodies for the API, an error page for the browser, an Error for tests
// ---------------------------------------------------------------------------------------------

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { code?: string; param?: string } = {},
  ) {
    super(message);
  }

  get body() {
    const { code, param } = this.details;
    const docUrl = code ? `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` : undefined;
    return { error: { code, doc_url: docUrl, message: this.message, param, type: 'invalid_request_error' } };
  }
}

const missing = (param: string) => new Refusal(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
const noSuch = (status: number, kind: string, id: string, param?: string) =>
  new Refusal(status, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

function maskKey(key: string): string {
  const prefix = /^[a-z]+_(test|live)_/.exec(key)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  return prefix + '*'.repeat(Math.max(rest.length - 4, 0)) + rest.slice(-4);
}

// ---------------------------------------------------------------------------------------------
// Reading the parameters of a Checkout session
// ---------------------------------------------------------------------------------------------

const intervals: Interval[] = ['day', 'week', 'month', 'year'];

interface LineSpec {
  currency: string;
  unitAmount: number;
  recurring: Recurring;
  product: { id: string } | { name: string };
  quantity: number;
}

function text(form: FormObject, key: string): string | undefined {
  const value = form[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function requiredText(form: FormObject, key: string, param: string): string {
  const value = text(form, key);
  if (value === undefined) throw missing(param);
  return value;
}

function integer(form: FormObject, key: string, param: string, fallback?: number): number {
  const value = text(form, key);
  if (value === undefined && fallback !== undefined) return fallback;
  if (value === undefined) throw missing(param);
  if (!/^\d+$/.test(value)) throw new Refusal(400, `Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param });
  return Number(value);
}

function child(form: FormObject, key: string): FormObject | undefined {
  const value = form[key];
  return isFormObject(value) ? value : undefined;
}

/** Metadata as Stripe keeps it: string values, an empty one unsetting its key. */
function metadataOf(value: FormValue | undefined): Metadata {
  if (value === undefined || typeof value === 'string') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

function readLineItem(item: FormValue, at: string): LineSpec {
  if (!isFormObject(item)) throw missing(`${at}[price_data]`);
  const priceData = child(item, 'price_data');
  if (!priceData) {
    if (text(item, 'price')) throw new Refusal(400, 'The local Stripe stand-in takes line items with price_data, not price ids.', { param: `${at}[price]` });
    throw missing(`${at}[price_data]`);
  }
  const recurringData = child(priceData, 'recurring');
  if (!recurringData)
    throw new Refusal(400, 'You must provide at least one recurring price in `subscription` mode when using prices.', { param: 'line_items' });
  const interval = requiredText(recurringData, 'interval', `${at}[price_data][recurring][interval]`) as Interval;
  if (!intervals.includes(interval))
    throw new Refusal(400, `Invalid ${at}[price_data][recurring][interval]: must be one of day, week, month, or year`, {
      code: 'parameter_invalid_string',
      param: `${at}[price_data][recurring][interval]`,
    });
  const productId = text(priceData, 'product');
  const productData = child(priceData, 'product_data') ?? {};
  return {
    currency: requiredText(priceData, 'currency', `${at}[price_data][currency]`).toLowerCase(),
    unitAmount: integer(priceData, 'unit_amount', `${at}[price_data][unit_amount]`),
    recurring: { interval, interval_count: integer(recurringData, 'interval_count', `${at}[price_data][recurring][interval_count]`, 1) || 1 },
    product: productId ? { id: productId } : { name: requiredText(productData, 'name', `${at}[price_data][product_data][name]`) },
    quantity: integer(item, 'quantity', `${at}[quantity]`),
  };
}

function readLineItems(form: FormObject): LineSpec[] {
  const items = form.line_items;
  if (!Array.isArray(items) || items.length === 0) throw missing('line_items');
  const specs = items.map((item, index) => readLineItem(item, `line_items[${index}]`));
  const first = specs[0]!;
  if (specs.some((spec) => spec.currency !== first.currency)) throw new Refusal(400, 'All line items must have the same currency.', { param: 'line_items' });
  if (specs.some((spec) => JSON.stringify(spec.recurring) !== JSON.stringify(first.recurring)))
    throw new Refusal(400, 'All prices on a subscription must have the same `recurring.interval` and `recurring.interval_count`.', { param: 'line_items' });
  return specs;
}

// ---------------------------------------------------------------------------------------------
// The stand-in
// ---------------------------------------------------------------------------------------------

interface AccountState {
  config: StandinAccount;
  customersByEmail: Map<string, string>;
  idempotent: Map<string, { status: number; body: unknown }>;
}

interface Line {
  price: Price;
  quantity: number;
}

interface SessionState {
  lines: Line[];
  subscriptionMetadata: Metadata;
}

interface SubscriptionState {
  /** 0 for the first period, 1 after one renewal, … */
  period: number;
  /** The invoice of a renewal whose payment failed, while Stripe retries it. */
  openInvoice: Invoice | null;
}

interface StoredEvent {
  account: AccountState;
  event: StandinEvent;
  payload: string;
}

type EventObject = CheckoutSession | Subscription | Invoice;
type Found<K extends StripeObject['object']> = Extract<StripeObject, { object: K }>;

const retrievable: Record<string, StripeObject['object']> = {
  'checkout/sessions': 'checkout.session',
  subscriptions: 'subscription',
  customers: 'customer',
  invoices: 'invoice',
  products: 'product',
  prices: 'price',
};

class LocalStripe {
  url = '';
  port = 0;
  readonly deliveries: Delivery[] = [];
  readonly requests: StandinRequest[] = [];
  private readonly accounts = new Map<string, AccountState>();
  private readonly objects = new Map<string, { account: AccountState; object: StripeObject }>();
  private readonly sessions = new Map<string, SessionState>();
  private readonly subscriptions = new Map<string, SubscriptionState>();
  private readonly events = new Map<string, StoredEvent>();

  constructor(private readonly now: () => Date) {}

  addAccount(account: StandinAccount): void {
    const existing = this.accounts.get(account.secretKey);
    if (existing) existing.config = { ...account };
    else this.accounts.set(account.secretKey, { config: { ...account }, customersByEmail: new Map(), idempotent: new Map() });
  }

  object<K extends StripeObject['object']>(id: string, kind: K): Found<K> | undefined {
    return this.entry(id, kind)?.object;
  }

  // --- Clock and storage ---

  private seconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private store<T extends StripeObject>(account: AccountState, object: T): T {
    this.objects.set(object.id, { account, object });
    return object;
  }

  private entry<K extends StripeObject['object']>(id: string, kind: K): { account: AccountState; object: Found<K> } | undefined {
    const entry = this.objects.get(id);
    return entry && entry.object.object === kind ? (entry as { account: AccountState; object: Found<K> }) : undefined;
  }

  /** An object of this kind that belongs to `account`. */
  private find<K extends StripeObject['object']>(account: AccountState, id: string, kind: K): Found<K> | undefined {
    const entry = this.entry(id, kind);
    return entry?.account === account ? entry.object : undefined;
  }

  private subscriptionEntry(id: string): { account: AccountState; subscription: Subscription; state: SubscriptionState } {
    const entry = this.entry(id, 'subscription');
    if (!entry) throw noSuch(404, 'subscription', id, 'id');
    return { account: entry.account, subscription: entry.object, state: this.subscriptions.get(id)! };
  }

  // --- Creating objects ---

  private createProduct(account: AccountState, name: string): Product {
    return this.store(account, { id: randomId('prod_', 14), object: 'product', livemode: false, created: this.seconds(), name });
  }

  private createLine(account: AccountState, spec: LineSpec): Line {
    const product = 'id' in spec.product ? this.find(account, spec.product.id, 'product') : this.createProduct(account, spec.product.name);
    if (!product) throw noSuch(400, 'product', (spec.product as { id: string }).id, 'line_items');
    const price = this.store<Price>(account, {
      id: randomId('price_'),
      object: 'price',
      livemode: false,
      created: this.seconds(),
      active: true,
      type: 'recurring',
      currency: spec.currency,
      unit_amount: spec.unitAmount,
      product: product.id,
      recurring: spec.recurring,
    });
    return { price, quantity: spec.quantity };
  }

  createSession(account: AccountState, form: FormObject): CheckoutSession {
    const mode = requiredText(form, 'mode', 'mode');
    if (mode !== 'subscription') throw new Refusal(400, `The local Stripe stand-in only supports mode=subscription, not ${mode}.`, { param: 'mode' });
    const successUrl = requiredText(form, 'success_url', 'success_url');
    const email = text(form, 'customer_email') ?? null;
    const customer = text(form, 'customer') ?? null;
    if (email && customer) throw new Refusal(400, 'You may only specify one of these parameters: customer, customer_email.', { param: 'customer' });
    if (customer && !this.find(account, customer, 'customer')) throw noSuch(400, 'customer', customer, 'customer');
    const lines = readLineItems(form).map((spec) => this.createLine(account, spec));
    const amount = lines.reduce((sum, line) => sum + line.price.unit_amount * line.quantity, 0);
    const id = randomId('cs_test_', 58);
    const created = this.seconds();
    this.sessions.set(id, { lines, subscriptionMetadata: metadataOf(child(form, 'subscription_data')?.metadata) });
    return this.store<CheckoutSession>(account, {
      id,
      object: 'checkout.session',
      livemode: false,
      created,
      expires_at: created + 24 * 3600,
      url: `${this.url}/checkout/${id}`,
      status: 'open',
      mode: 'subscription',
      customer_email: email,
      client_reference_id: text(form, 'client_reference_id') ?? null,
      metadata: metadataOf(form.metadata),
      success_url: successUrl,
      cancel_url: text(form, 'cancel_url') ?? null,
      amount_subtotal: amount,
      amount_total: amount,
      currency: lines[0]!.price.currency,
      customer,
      customer_details: null,
      subscription: null,
      payment_status: 'unpaid',
    });
  }

  createPortalSession(account: AccountState, form: FormObject): PortalSession {
    const customer = requiredText(form, 'customer', 'customer');
    if (!this.find(account, customer, 'customer')) throw noSuch(400, 'customer', customer, 'customer');
    const id = randomId('bps_');
    return this.store<PortalSession>(account, {
      id,
      object: 'billing_portal.session',
      livemode: false,
      created: this.seconds(),
      customer,
      return_url: text(form, 'return_url') ?? null,
      url: `${this.url}/portal/${id}`,
    });
  }

  private customerFor(account: AccountState, session: CheckoutSession, email: string | undefined): Customer {
    if (session.customer) return this.find(account, session.customer, 'customer')!;
    const address = session.customer_email ?? email;
    if (!address) throw new Refusal(400, 'An e-mail address is needed to pay this Checkout session.', { param: 'email' });
    const known = account.customersByEmail.get(address.toLowerCase());
    if (known) return this.find(account, known, 'customer')!;
    const customer = this.store<Customer>(account, { id: randomId('cus_', 14), object: 'customer', livemode: false, created: this.seconds(), email: address });
    account.customersByEmail.set(address.toLowerCase(), customer.id);
    return customer;
  }

  private createSubscription(account: AccountState, customer: Customer, state: SessionState): Subscription {
    const id = randomId('sub_');
    const start = this.seconds();
    const items = state.lines.map((line): SubscriptionItem => ({
      id: randomId('si_', 14),
      object: 'subscription_item',
      created: start,
      subscription: id,
      current_period_start: start,
      current_period_end: addInterval(start, line.price.recurring.interval, line.price.recurring.interval_count),
      quantity: line.quantity,
      metadata: {},
      price: copy(line.price),
    }));
    this.subscriptions.set(id, { period: 0, openInvoice: null });
    return this.store<Subscription>(account, {
      id,
      object: 'subscription',
      livemode: false,
      created: start,
      customer: customer.id,
      status: 'active',
      metadata: { ...state.subscriptionMetadata },
      currency: state.lines[0]!.price.currency,
      start_date: start,
      billing_cycle_anchor: start,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      cancellation_details: { reason: null, comment: null, feedback: null },
      latest_invoice: null,
      items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    });
  }

  /** The invoice of the subscription's current period, paid or (a failed attempt) open. */
  private createInvoice(account: AccountState, subscription: Subscription, reason: Invoice['billing_reason'], paid: boolean): Invoice {
    const id = randomId('in_');
    const now = this.seconds();
    const customer = this.find(account, subscription.customer, 'customer')!;
    const lines = subscription.items.data.map((item): InvoiceLine => ({
      id: randomId('il_'),
      object: 'line_item',
      amount: item.price.unit_amount * item.quantity,
      currency: item.price.currency,
      quantity: item.quantity,
      description: `${item.quantity} × ${this.find(account, item.price.product, 'product')?.name ?? item.price.product}`,
      period: { start: item.current_period_start, end: item.current_period_end },
      parent: { type: 'subscription_item_details', subscription_item_details: { subscription: subscription.id, subscription_item: item.id } },
    }));
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    subscription.latest_invoice = id;
    return this.store<Invoice>(account, {
      id,
      object: 'invoice',
      livemode: false,
      created: now,
      customer: customer.id,
      customer_email: customer.email,
      currency: subscription.currency,
      billing_reason: reason,
      amount_due: total,
      amount_paid: paid ? total : 0,
      amount_remaining: paid ? 0 : total,
      total,
      status: paid ? 'paid' : 'open',
      attempted: true,
      attempt_count: 1,
      status_transitions: { finalized_at: now, paid_at: paid ? now : null },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } } },
      lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    });
  }

  /** Moves every item on to the next billing period, counted from the anchor (so Jan 31 → Feb 28 → Mar 31). */
  private advance(subscription: Subscription, state: SubscriptionState): void {
    state.period += 1;
    for (const item of subscription.items.data) {
      const { interval, interval_count: count } = item.price.recurring;
      item.current_period_start = addInterval(subscription.billing_cycle_anchor, interval, count * state.period);
      item.current_period_end = addInterval(subscription.billing_cycle_anchor, interval, count * (state.period + 1));
    }
  }

  private end(subscription: Subscription, reason: 'cancellation_requested' | 'payment_failed'): void {
    const now = this.seconds();
    Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
    subscription.cancellation_details = { reason, comment: null, feedback: null };
  }

  // --- Events ---

  sign(payload: string, secret?: string): string {
    const key = secret ?? this.accounts.values().next().value?.config.webhookSecret;
    if (!key) throw new Error('sign() needs a secret, or an account to take it from.');
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: key });
  }

  private async post(url: string, payload: string, signature: string): Promise<{ status: number; body: string }> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { status: 0, body: error instanceof Error ? `${error.message} ${String(error.cause ?? '')}`.trim() : String(error) };
    }
  }

  private async deliver(stored: StoredEvent): Promise<Delivery> {
    const { account, event, payload } = stored;
    const signature = this.sign(payload, account.config.webhookSecret);
    const answer = await this.post(account.config.webhookUrl, payload, signature);
    const delivery: Delivery = { event, payload, signature, url: account.config.webhookUrl, ...answer };
    this.deliveries.push(delivery);
    return delivery;
  }

  /** Sends events one after the other, each awaiting its answer. */
  private async send(account: AccountState, events: [StandinEventType, EventObject, Record<string, unknown>?][]): Promise<Delivery[]> {
    const deliveries: Delivery[] = [];
    for (const [type, object, previous] of events) {
      const event: StandinEvent = {
        id: randomId('evt_'),
        object: 'event',
        api_version: standinApiVersion,
        created: this.seconds(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: previous ? { object: copy(object), previous_attributes: previous } : { object: copy(object) },
      };
      const stored = { account, event, payload: JSON.stringify(event, null, 2) };
      this.events.set(event.id, stored);
      deliveries.push(await this.deliver(stored));
    }
    return deliveries;
  }

  // --- What tests (and the pages) drive ---

  async pay(sessionId: string, email?: string): Promise<Delivery[]> {
    const entry = this.entry(sessionId, 'checkout.session');
    if (!entry) throw noSuch(404, 'checkout.session', sessionId);
    const { account, object: session } = entry;
    if (session.status !== 'open') throw new Refusal(400, 'This Checkout session is already complete.', { code: 'checkout_session_complete' });
    const customer = this.customerFor(account, session, email);
    const subscription = this.createSubscription(account, customer, this.sessions.get(sessionId)!);
    const invoice = this.createInvoice(account, subscription, 'subscription_create', true);
    Object.assign(session, { status: 'complete', payment_status: 'paid', url: null, customer: customer.id, subscription: subscription.id });
    session.customer_details = { email: customer.email };
    return this.send(account, [
      ['checkout.session.completed', session],
      ['customer.subscription.created', subscription],
      ['invoice.paid', invoice],
    ]);
  }

  async renew(subscriptionId: string): Promise<Delivery[]> {
    const { account, subscription, state } = this.subscriptionEntry(subscriptionId);
    if (subscription.status === 'canceled') throw new Refusal(400, `Subscription ${subscriptionId} is canceled: it cannot renew.`);
    const before = copy(subscription);
    let invoice = state.openInvoice;
    if (invoice) {
      const now = this.seconds();
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, attempt_count: invoice.attempt_count + 1 });
      invoice.status_transitions.paid_at = now;
      state.openInvoice = null;
    } else {
      this.advance(subscription, state);
      invoice = this.createInvoice(account, subscription, 'subscription_cycle', true);
    }
    subscription.status = 'active';
    return this.send(account, [
      ['invoice.paid', invoice],
      ['customer.subscription.updated', subscription, changedFields(before, subscription)],
    ]);
  }

  async failPayment(subscriptionId: string): Promise<Delivery[]> {
    const { account, subscription, state } = this.subscriptionEntry(subscriptionId);
    if (subscription.status === 'canceled') throw new Refusal(400, `Subscription ${subscriptionId} is canceled: nothing is charged.`);
    const before = copy(subscription);
    let invoice = state.openInvoice;
    if (invoice) invoice.attempt_count += 1;
    else {
      this.advance(subscription, state);
      invoice = state.openInvoice = this.createInvoice(account, subscription, 'subscription_cycle', false);
    }
    subscription.status = 'past_due';
    return this.send(account, [
      ['invoice.payment_failed', invoice],
      ['customer.subscription.updated', subscription, changedFields(before, subscription)],
    ]);
  }

  async endGrace(subscriptionId: string): Promise<Delivery[]> {
    const { account, subscription } = this.subscriptionEntry(subscriptionId);
    if (subscription.status !== 'past_due')
      throw new Refusal(400, `endGrace needs a past_due subscription, and ${subscriptionId} is ${subscription.status}: call failPayment first.`);
    this.end(subscription, 'payment_failed');
    return this.send(account, [['customer.subscription.deleted', subscription]]);
  }

  async cancel(subscriptionId: string): Promise<Delivery[]> {
    const { account, subscription } = this.subscriptionEntry(subscriptionId);
    if (subscription.status === 'canceled') throw new Refusal(400, `Subscription ${subscriptionId} is already canceled.`);
    this.end(subscription, 'cancellation_requested');
    return this.send(account, [['customer.subscription.deleted', subscription]]);
  }

  async redeliver(eventId: string): Promise<Delivery[]> {
    const stored = this.events.get(eventId);
    if (!stored) throw noSuch(404, 'event', eventId);
    return [await this.deliver(stored)];
  }

  async sendRaw(body: string, signature: string, secretKey?: string): Promise<{ status: number; body: string }> {
    const account = secretKey ? this.accounts.get(secretKey) : this.accounts.values().next().value;
    if (!account) throw new Error(`sendRaw: no account${secretKey ? ` with the key ${secretKey}` : ''}.`);
    return this.post(account.config.webhookUrl, body, signature);
  }

  // --- HTTP ---

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const body = await readBody(request);
    const form = { ...parseForm(url.search.slice(1)), ...parseForm(body) };
    const method = request.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, form, authorization: request.headers.authorization, headers: request.headers });
    if (url.pathname.startsWith('/v1/')) return this.api(request, response, url.pathname, form);
    return this.page(method, url.pathname, form, response);
  }

  private authenticate(authorization: string | undefined): AccountState {
    const key = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (!key)
      throw new Refusal(
        401,
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    const account = this.accounts.get(key);
    if (!account) throw new Refusal(401, `Invalid API Key provided: ${maskKey(key)}`);
    return account;
  }

  private async api(request: IncomingMessage, response: ServerResponse, path: string, form: FormObject): Promise<void> {
    const method = request.method ?? 'GET';
    const headers = { 'content-type': 'application/json', 'request-id': randomId('req_', 14), 'stripe-version': standinApiVersion };
    let account: AccountState;
    try {
      account = this.authenticate(request.headers.authorization);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      response.writeHead(error.status, headers).end(JSON.stringify(error.body, null, 2));
      return;
    }
    const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const replay = typeof key === 'string' ? account.idempotent.get(`${path} ${key}`) : undefined;
    const answer = replay ?? (await this.answerApi(account, method, path, form));
    if (typeof key === 'string' && !replay) account.idempotent.set(`${path} ${key}`, answer);
    response.writeHead(answer.status, replay ? { ...headers, 'idempotent-replayed': 'true' } : headers).end(JSON.stringify(answer.body, null, 2));
  }

  private async answerApi(account: AccountState, method: string, path: string, form: FormObject): Promise<{ status: number; body: unknown }> {
    try {
      return { status: 200, body: await this.route(account, method, path, form) };
    } catch (error) {
      if (error instanceof Refusal) return { status: error.status, body: error.body };
      throw error;
    }
  }

  private async route(account: AccountState, method: string, path: string, form: FormObject): Promise<unknown> {
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(account, form);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') return this.createPortalSession(account, form);
    const deletion = method === 'DELETE' ? /^\/v1\/subscriptions\/([^/]+)$/.exec(path) : null;
    if (deletion) {
      const subscription = this.find(account, deletion[1]!, 'subscription');
      if (!subscription) throw noSuch(404, 'subscription', deletion[1]!, 'id');
      await this.cancel(subscription.id);
      return subscription;
    }
    const retrieval = method === 'GET' ? /^\/v1\/(checkout\/sessions|[a-z_]+)\/([^/]+)$/.exec(path) : null;
    const kind = retrieval ? retrievable[retrieval[1]!] : undefined;
    if (retrieval && kind) {
      const object = this.find(account, retrieval[2]!, kind);
      if (!object) throw noSuch(404, kind, retrieval[2]!, 'id');
      return this.expand(account, object, form.expand);
    }
    throw new Refusal(404, `Unrecognized request URL (${method}: ${path}). The local Stripe stand-in answers only what the product uses.`);
  }

  /** A copy of `object` with the ids named in `expand` (dotted paths, e.g. 'subscription.latest_invoice') replaced by their objects. */
  private expand(account: AccountState, object: StripeObject, expand: FormValue | undefined): unknown {
    const result = copy(object) as unknown as Record<string, unknown>;
    const paths = typeof expand === 'string' ? [expand] : Array.isArray(expand) ? expand.filter((path): path is string => typeof path === 'string') : [];
    for (const path of paths) this.expandPath(account, result, path.split('.'), path);
    return result;
  }

  private expandPath(account: AccountState, target: Record<string, unknown>, [head, ...rest]: string[], path: string): void {
    const value = target[head!];
    if (typeof value === 'string') {
      const found = this.objects.get(value);
      if (found?.account !== account) throw new Refusal(400, `This property cannot be expanded (${path}).`, { param: 'expand' });
      target[head!] = copy(found.object);
    } else if (value !== null && typeof value !== 'object') {
      throw new Refusal(400, `This property cannot be expanded (${path}).`, { param: 'expand' });
    }
    const next = target[head!];
    if (rest.length > 0 && next !== null && typeof next === 'object') this.expandPath(account, next as Record<string, unknown>, rest, path);
  }

  // --- Pages ---

  private async page(method: string, path: string, form: FormObject, response: ServerResponse): Promise<void> {
    const html = (status: number, title: string, body: string): void => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(htmlPage(title, body));
    };
    const redirect = (location: string): void => {
      response.writeHead(303, { location }).end();
    };
    try {
      const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
      if (checkout && method === 'GET' && !checkout[2]) return html(200, 'Local Checkout', this.checkoutPage(checkout[1]!));
      if (checkout && method === 'POST' && checkout[2]) {
        await this.pay(checkout[1]!, text(form, 'email'));
        const session = this.object(checkout[1]!, 'checkout.session')!;
        return redirect(session.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id));
      }
      const portal = /^\/portal\/([^/]+)(?:\/cancel\/([^/]+))?$/.exec(path);
      if (portal && method === 'GET' && !portal[2]) return html(200, 'Local Customer Portal', this.portalPage(portal[1]!));
      if (portal && method === 'POST' && portal[2]) {
        await this.portalCancel(portal[1]!, portal[2]);
        return redirect(`/portal/${portal[1]}`);
      }
      return html(404, 'Not found', '<h1>Not found</h1><p>The local Stripe stand-in has no such page.</p>');
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return html(error.status, 'Error', `<h1>Error</h1><p>${escapeHtml(error.message)}</p>`);
    }
  }

  private productName(account: AccountState, price: Price): string {
    return this.find(account, price.product, 'product')?.name ?? price.product;
  }

  private checkoutPage(sessionId: string): string {
    const entry = this.entry(sessionId, 'checkout.session');
    if (!entry) throw noSuch(404, 'checkout.session', sessionId);
    const { account, object: session } = entry;
    const lines = this.sessions.get(sessionId)!.lines;
    const items = lines
      .map((line) => {
        const quantity = line.quantity > 1 ? ` × ${line.quantity}` : '';
        const amount = formatAmount(line.price.unit_amount, line.price.currency, line.price.recurring);
        return `<li><span class="product">${escapeHtml(this.productName(account, line.price))}</span>${quantity}: <span class="amount">${escapeHtml(amount)}</span></li>`;
      })
      .join('\n');
    const recurring = lines[0]!.price.recurring;
    const total = `<p>Total: <strong class="total">${escapeHtml(formatAmount(session.amount_total, session.currency, recurring))}</strong></p>`;
    const email = session.customer_email ?? (session.customer ? this.find(account, session.customer, 'customer')?.email : undefined);
    const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : '';
    const head = `<h1>Local Checkout</h1>\n<p class="notice">Test mode: a local stand-in for Stripe Checkout. No card is charged.</p>\n<ul>\n${items}\n</ul>\n${total}`;
    if (session.status !== 'open') return `${head}\n<p>This Checkout session is already paid.</p>`;
    const emailPart = email
      ? `<p>E-mail: <span class="email">${escapeHtml(email)}</span></p>`
      : '<p><label for="email">E-mail</label> <input id="email" name="email" type="email" autocomplete="email" required></p>';
    return `${head}
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay">
${emailPart}
<button type="submit">Pay</button>
</form>
${cancel}`;
  }

  private portalEntry(portalId: string): { account: AccountState; portal: PortalSession } {
    const entry = this.entry(portalId, 'billing_portal.session');
    if (!entry) throw noSuch(404, 'billing_portal.session', portalId);
    return { account: entry.account, portal: entry.object };
  }

  private customerSubscriptions(account: AccountState, customer: string): Subscription[] {
    return [...this.objects.values()]
      .filter((entry) => entry.account === account && entry.object.object === 'subscription' && entry.object.customer === customer)
      .map((entry) => entry.object as Subscription);
  }

  private portalPage(portalId: string): string {
    const { account, portal } = this.portalEntry(portalId);
    const customer = this.find(account, portal.customer, 'customer');
    const rows = this.customerSubscriptions(account, portal.customer).map((subscription) => {
      const products = subscription.items.data.map((item) => this.productName(account, item.price)).join(', ');
      const price = subscription.items.data[0]!.price;
      const total = subscription.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
      const action =
        subscription.status === 'canceled'
          ? ''
          : `<form method="post" action="/portal/${escapeHtml(portal.id)}/cancel/${escapeHtml(subscription.id)}"><button type="submit">Cancel subscription</button></form>`;
      return `<tr><td>${escapeHtml(products)}</td><td>${escapeHtml(formatAmount(total, price.currency, price.recurring))}</td><td>${subscription.status}</td><td>${action}</td></tr>`;
    });
    const table = rows.length
      ? `<table>
<caption>Subscriptions</caption>
<thead><tr><th scope="col">Product</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Action</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`
      : '<p>No subscriptions.</p>';
    const back = portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return</a></p>` : '';
    return `<h1>Local Customer Portal</h1>
<p class="notice">Test mode: a local stand-in for the Stripe customer portal.</p>
<p>Signed in as <span class="email">${escapeHtml(customer?.email ?? portal.customer)}</span></p>
${table}
${back}`;
  }

  private async portalCancel(portalId: string, subscriptionId: string): Promise<void> {
    const { account, portal } = this.portalEntry(portalId);
    const subscription = this.find(account, subscriptionId, 'subscription');
    if (subscription?.customer !== portal.customer) throw noSuch(404, 'subscription', subscriptionId);
    await this.cancel(subscription.id);
  }
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startStripeStandin(options: StripeStandinOptions = {}): Promise<StripeStandin> {
  const stripe = new LocalStripe(options.now ?? (() => new Date()));
  for (const account of options.accounts ?? []) stripe.addAccount(account);
  const server: Server = createServer((request, response) => {
    stripe.handle(request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: `The local Stripe stand-in failed: ${message}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stripe.port = (server.address() as AddressInfo).port;
  stripe.url = `http://127.0.0.1:${stripe.port}`;
  return {
    get url() {
      return stripe.url;
    },
    get port() {
      return stripe.port;
    },
    deliveries: stripe.deliveries,
    requests: stripe.requests,
    addAccount: (account) => stripe.addAccount(account),
    pay: (sessionId, email) => stripe.pay(sessionId, email),
    renew: (id) => stripe.renew(id),
    failPayment: (id) => stripe.failPayment(id),
    endGrace: (id) => stripe.endGrace(id),
    cancel: (id) => stripe.cancel(id),
    redeliver: (id) => stripe.redeliver(id),
    sendRaw: (body, signature, secretKey) => stripe.sendRaw(body, signature, secretKey),
    sign: (payload, secret) => stripe.sign(payload, secret),
    object: (id, kind) => stripe.object(id, kind),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
