/**
 * A local stand-in for Stripe, for the tests and the browser journeys: a node:http server on a free
 * port that answers the API calls paid subscriptions make (the account of a key, webhook endpoints,
 * Checkout sessions, billing portal sessions, subscriptions) in Stripe's JSON shapes, refuses an
 * unknown (or rolled) key with Stripe's 401 and a restricted key without the permission with its
 * 403, serves small Checkout and customer portal pages a browser can click through, and posts each
 * event to every endpoint of the account that listens for it, signed with that endpoint's secret
 * (answered once, at its creation), awaiting the answer. Tests drive what happens later (renewals, failed payments, the end of the grace
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

/** GET /v1/account: the account a key belongs to (the fields a console shows of it). */
export interface Account {
  id: string;
  object: 'account';
  business_profile: { name: string | null; support_email: string | null; url: string | null };
  email: string | null;
  country: string;
  default_currency: string;
  charges_enabled: true;
  details_submitted: true;
  settings: { dashboard: { display_name: string | null; timezone: string } };
  type: 'standard';
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: boolean;
  metadata: Metadata;
  /** Only in the answer to its creation, as on Stripe. */
  secret?: string;
  status: 'enabled' | 'disabled';
  url: string;
}

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
  /** The Bearer key that picks this account, e.g. 'sk_test_a' (a live one, 'sk_live_...', makes live objects). */
  secretKey: string;
  /**
   * An endpoint made by hand in Stripe's dashboard: every event is posted to `webhookUrl`, signed
   * with `webhookSecret` ('whsec_...'). Without them the account's events go to the endpoints made
   * through the API (POST /v1/webhook_endpoints) alone.
   */
  webhookSecret?: string;
  webhookUrl?: string;
  /** What GET /v1/account answers: its id ('acct_...', made up when absent), business name and e-mail. */
  id?: string;
  businessName?: string | null;
  email?: string | null;
  /** A restricted key (rk_...): the permissions it has, e.g. ['rak_webhook_write']; every call needing another is refused (403). */
  permissions?: string[];
  /** How many webhook endpoints the account may have (Stripe's limit is 16 per mode). */
  webhookEndpointLimit?: number;
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
  /**
   * Posts to addresses of `origin` ('http://console.test', a test server's public URL) go to `to`
   * instead (its listening address), as a name server would send them: endpoints keep the URL given.
   */
  resolve(origin: string, to: string): void;
  /** Rolls a key in the dashboard: every later call with it is refused as an invalid key (401). */
  revokeKey(secretKey: string): void;
  /** The webhook endpoints the account of this key has now (their secrets left out). */
  webhookEndpoints(secretKey: string): WebhookEndpoint[];
  /**
   * A customer with a subscription the account had before (a reader who paid on another platform
   * connected to the same Stripe account): no event is sent. `customerId` keeps a known id.
   */
  addSubscription(
    secretKey: string,
    options: { email: string; customerId?: string; amount: number; currency: string; interval: Interval; status?: SubscriptionStatus; metadata?: Metadata },
  ): { customer: Customer; subscription: Subscription };
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
  /** Posts any body with any signature to an account's webhook URL (its first endpoint's, else the one made by hand; the first account's when `secretKey` is absent). */
  sendRaw(body: string, signature: string, secretKey?: string): Promise<{ status: number; body: string }>;
  /** A `stripe-signature` header for this payload (the first account's webhook secret, or its first endpoint's, when `secret` is absent). */
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
    readonly type: 'invalid_request_error' | 'authentication_error' = 'invalid_request_error',
  ) {
    super(message);
  }

  get body() {
    const { code, param } = this.details;
    const docUrl = code ? `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` : undefined;
    return { error: { code, doc_url: docUrl, message: this.message, param, type: this.type } };
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
  id: string;
  /** Rolled in the dashboard: the key no longer opens the account. */
  revoked: boolean;
  customersByEmail: Map<string, string>;
  idempotent: Map<string, { status: number; body: unknown }>;
  /** Made through the API, with their secrets. */
  endpoints: Map<string, WebhookEndpoint & { secret: string }>;
}

/** Where an event goes: a URL and the secret that signs it. */
interface Target {
  url: string;
  secret: string;
}

/** The events an endpoint may ask for: those the stand-in sends, and a few more of Stripe's. */
const knownEvents = new Set<string>([
  'checkout.session.completed',
  'checkout.session.expired',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.created',
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_succeeded',
  'invoice.upcoming',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.succeeded',
  'charge.failed',
  'charge.refunded',
]);

/** The permission a restricted key needs for a call, as Stripe names it in its 403 (a close enough reading of its scheme). */
function permissionFor(method: string, path: string): string {
  const write = method !== 'GET';
  if (path === '/v1/account') return 'rak_accounts_kyc_id_numbers_read';
  if (path.startsWith('/v1/webhook_endpoints')) return write ? 'rak_webhook_write' : 'rak_webhook_read';
  if (path.startsWith('/v1/checkout/sessions')) return write ? 'rak_checkout_session_write' : 'rak_checkout_session_read';
  if (path.startsWith('/v1/billing_portal')) return 'rak_billing_portal_session_write';
  if (path.startsWith('/v1/subscriptions')) return write ? 'rak_subscription_write' : 'rak_subscription_read';
  if (path.startsWith('/v1/customers')) return write ? 'rak_customer_write' : 'rak_customer_read';
  if (path.startsWith('/v1/invoices')) return write ? 'rak_invoice_write' : 'rak_invoice_read';
  return write ? 'rak_product_write' : 'rak_product_read';
}

const isLive = (key: string) => /^(sk|rk)_live_/.test(key);

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
    if (existing) existing.config = { ...existing.config, ...account };
    else
      this.accounts.set(account.secretKey, {
        config: { ...account },
        id: account.id ?? randomId('acct_', 16),
        revoked: false,
        customersByEmail: new Map(),
        idempotent: new Map(),
        endpoints: new Map(),
      });
  }

  private accountOf(secretKey: string): AccountState {
    const account = this.accounts.get(secretKey);
    if (!account) throw new Error(`The stand-in has no account with the key ${maskKey(secretKey)}.`);
    return account;
  }

  revokeKey(secretKey: string): void {
    this.accountOf(secretKey).revoked = true;
  }

  webhookEndpoints(secretKey: string): WebhookEndpoint[] {
    return [...this.accountOf(secretKey).endpoints.values()].map(({ secret: _secret, ...endpoint }) => copy(endpoint));
  }

  addSubscription(
    secretKey: string,
    options: { email: string; customerId?: string; amount: number; currency: string; interval: Interval; status?: SubscriptionStatus; metadata?: Metadata },
  ): { customer: Customer; subscription: Subscription } {
    const account = this.accountOf(secretKey);
    const customer = this.store<Customer>(account, {
      id: options.customerId ?? randomId('cus_', 14),
      object: 'customer',
      livemode: false,
      created: this.seconds(),
      email: options.email,
    });
    account.customersByEmail.set(options.email.toLowerCase(), customer.id);
    const product = this.createProduct(account, 'Premium');
    const line = this.createLine(account, {
      currency: options.currency,
      unitAmount: options.amount,
      recurring: { interval: options.interval, interval_count: 1 },
      product: { id: product.id },
      quantity: 1,
    });
    const subscription = this.createSubscription(account, customer, { lines: [line], subscriptionMetadata: options.metadata ?? {} });
    if (options.status === 'canceled') this.end(subscription, 'cancellation_requested');
    else if (options.status) subscription.status = options.status;
    return { customer, subscription };
  }

  /** The account as GET /v1/account answers it. */
  private accountObject(account: AccountState): Account {
    const name = account.config.businessName ?? null;
    return {
      id: account.id,
      object: 'account',
      business_profile: { name, support_email: null, url: null },
      email: account.config.email ?? null,
      country: 'TR',
      default_currency: 'try',
      charges_enabled: true,
      details_submitted: true,
      settings: { dashboard: { display_name: name, timezone: 'Europe/Istanbul' } },
      type: 'standard',
    };
  }

  private createEndpoint(account: AccountState, form: FormObject): WebhookEndpoint & { secret: string } {
    const url = requiredText(form, 'url', 'url');
    if (!/^https?:\/\/[^\s/]+/.test(url)) throw new Refusal(400, `Invalid URL: ${url}`, { code: 'url_invalid', param: 'url' });
    const events = form.enabled_events;
    const names = Array.isArray(events) ? events.filter((name): name is string => typeof name === 'string') : [];
    if (names.length === 0) throw missing('enabled_events');
    names.forEach((name, index) => {
      if (name !== '*' && !knownEvents.has(name))
        throw new Refusal(400, `Invalid enabled_events[${index}]: must be one of the event types Stripe sends (${name} is not).`, {
          code: 'parameter_invalid_string',
          param: `enabled_events[${index}]`,
        });
    });
    const limit = account.config.webhookEndpointLimit ?? 16;
    if (account.endpoints.size >= limit)
      throw new Refusal(400, `You have reached the maximum of ${limit} ${isLive(account.config.secretKey) ? 'live' : 'test'} webhook endpoints.`, {
        param: 'url',
      });
    const endpoint = {
      id: randomId('we_'),
      object: 'webhook_endpoint' as const,
      api_version: text(form, 'api_version') ?? null,
      application: null,
      created: this.seconds(),
      description: text(form, 'description') ?? null,
      enabled_events: names,
      livemode: isLive(account.config.secretKey),
      metadata: metadataOf(form.metadata),
      secret: `whsec_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`,
      status: 'enabled' as const,
      url,
    };
    account.endpoints.set(endpoint.id, endpoint);
    return endpoint;
  }

  /** Where an event of this type goes: each endpoint that asked for it, and the one made by hand. */
  private targets(account: AccountState, type: string): Target[] {
    const targets = [...account.endpoints.values()]
      .filter((endpoint) => endpoint.status === 'enabled' && (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type)))
      .map((endpoint) => ({ url: endpoint.url, secret: endpoint.secret }));
    const { webhookUrl, webhookSecret } = account.config;
    if (webhookUrl && webhookSecret) targets.push({ url: webhookUrl, secret: webhookSecret });
    return targets;
  }

  /** An account's first webhook target, whatever the event (for the tests' raw posts). */
  private firstTarget(account: AccountState): Target | undefined {
    const endpoint = account.endpoints.values().next().value;
    if (endpoint) return { url: endpoint.url, secret: endpoint.secret };
    const { webhookUrl, webhookSecret } = account.config;
    return webhookUrl && webhookSecret ? { url: webhookUrl, secret: webhookSecret } : undefined;
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
    const first = this.accounts.values().next().value;
    const key = secret ?? (first && this.firstTarget(first)?.secret);
    if (!key) throw new Error('sign() needs a secret, or an account to take it from.');
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: key });
  }

  private readonly origins = new Map<string, string>();

  resolve(origin: string, to: string): void {
    this.origins.set(new URL(origin).origin, new URL(to).origin);
  }

  private async post(url: string, payload: string, signature: string): Promise<{ status: number; body: string }> {
    const address = new URL(url);
    const to = this.origins.get(address.origin);
    try {
      const response = await fetch(to ? `${to}${address.pathname}${address.search}` : url, {
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

  /** Posts the event to each of its targets, one after the other; answers a delivery for each. */
  private async deliver(stored: StoredEvent): Promise<Delivery[]> {
    const { account, event, payload } = stored;
    const deliveries: Delivery[] = [];
    for (const target of this.targets(account, event.type)) {
      const signature = this.sign(payload, target.secret);
      const answer = await this.post(target.url, payload, signature);
      const delivery: Delivery = { event, payload, signature, url: target.url, ...answer };
      this.deliveries.push(delivery);
      deliveries.push(delivery);
    }
    return deliveries;
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
      deliveries.push(...(await this.deliver(stored)));
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
    return this.deliver(stored);
  }

  async sendRaw(body: string, signature: string, secretKey?: string): Promise<{ status: number; body: string }> {
    const account = secretKey ? this.accounts.get(secretKey) : this.accounts.values().next().value;
    const target = account && this.firstTarget(account);
    if (!target) throw new Error(`sendRaw: no account${secretKey ? ` with the key ${secretKey}` : ''} with a webhook endpoint.`);
    return this.post(target.url, body, signature);
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
        {},
        'authentication_error',
      );
    const account = this.accounts.get(key);
    if (!account || account.revoked) throw new Refusal(401, `Invalid API Key provided: ${maskKey(key)}`, {}, 'authentication_error');
    return account;
  }

  /** A restricted key without the permission a call needs: Stripe's 403. */
  private authorize(account: AccountState, method: string, path: string): void {
    const { secretKey, permissions } = account.config;
    if (!secretKey.startsWith('rk_') || !permissions) return;
    const needed = permissionFor(method, path);
    if (permissions.includes(needed)) return;
    throw new Refusal(
      403,
      `The provided key '${maskKey(secretKey)}' does not have the required permissions for this endpoint on account '${account.id}'. Having the '${needed}' permission would allow this request to continue.`,
    );
  }

  private async api(request: IncomingMessage, response: ServerResponse, path: string, form: FormObject): Promise<void> {
    const method = request.method ?? 'GET';
    const headers = { 'content-type': 'application/json', 'request-id': randomId('req_', 14), 'stripe-version': standinApiVersion };
    let account: AccountState;
    try {
      account = this.authenticate(request.headers.authorization);
      this.authorize(account, method, path);
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
    if (method === 'GET' && path === '/v1/account') return this.accountObject(account);
    if (method === 'POST' && path === '/v1/webhook_endpoints') return this.createEndpoint(account, form);
    if (method === 'GET' && path === '/v1/webhook_endpoints') return this.list('/v1/webhook_endpoints', this.webhookEndpoints(account.config.secretKey));
    const endpoint = /^\/v1\/webhook_endpoints\/([^/]+)$/.exec(path);
    if (endpoint && (method === 'GET' || method === 'DELETE')) {
      const found = account.endpoints.get(endpoint[1]!);
      if (!found) throw noSuch(404, 'webhook endpoint', endpoint[1]!, 'id');
      if (method === 'GET') return this.webhookEndpoints(account.config.secretKey).find((entry) => entry.id === found.id);
      account.endpoints.delete(found.id);
      return { id: found.id, object: 'webhook_endpoint', deleted: true };
    }
    if (method === 'GET' && path === '/v1/subscriptions') return this.listSubscriptions(account, form);
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

  private list<T>(url: string, data: T[]) {
    return { object: 'list', data, has_more: false, url };
  }

  /** GET /v1/subscriptions: a customer's (customer=; an unknown one is refused as on Stripe), newest first; status=all adds the canceled ones. */
  private listSubscriptions(account: AccountState, form: FormObject) {
    const customer = text(form, 'customer');
    if (customer && !this.find(account, customer, 'customer')) throw noSuch(400, 'customer', customer, 'customer');
    const status = text(form, 'status');
    const subscriptions = [...this.objects.values()]
      .filter((entry) => entry.account === account && entry.object.object === 'subscription')
      .map((entry) => entry.object as Subscription)
      .filter((subscription) => !customer || subscription.customer === customer)
      .filter((subscription) => (status === 'all' ? true : status ? subscription.status === status : subscription.status !== 'canceled'))
      .sort((a, b) => b.created - a.created);
    return this.list('/v1/subscriptions', subscriptions.slice(0, integer(form, 'limit', 'limit', 10)).map(copy));
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
    resolve: (origin, to) => stripe.resolve(origin, to),
    revokeKey: (secretKey) => stripe.revokeKey(secretKey),
    webhookEndpoints: (secretKey) => stripe.webhookEndpoints(secretKey),
    addSubscription: (secretKey, options) => stripe.addSubscription(secretKey, options),
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
