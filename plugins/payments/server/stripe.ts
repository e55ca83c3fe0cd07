/**
 * A publisher's Stripe client, made from its sealed keys: the official package, pointed at
 * STRIPE_API_URL when set (a stand-in in tests). The keys are opened here only, never logged,
 * never answered. The package (some 20 MB once loaded) loads with the first publisher that has
 * keys, not with the server: most servers never sell a subscription.
 */
import type Stripe from 'stripe';
import type { AppContext } from '../../../core/server/plugins/contract';
import { findAccount, type PaymentsDb } from './store';

export interface PublisherStripe {
  client: Stripe;
  webhookSecret: string;
}

/** Calls that wait longer than this fail (the reader's page says so) rather than hold the request. */
const timeoutMs = 15_000;

let stripePackage: Promise<typeof import('stripe')> | null = null;

export async function stripeClient(env: AppContext['env'], secretKey: string): Promise<Stripe> {
  const { default: StripeClient } = await (stripePackage ??= import('stripe'));
  const target = env.stripeApiUrl ? new URL(env.stripeApiUrl) : null;
  return new StripeClient(secretKey, {
    maxNetworkRetries: 1,
    timeout: timeoutMs,
    appInfo: { name: 'Masthead' },
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === 'https:' ? 443 : 80),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** The publisher's secret key, or null when its keys are not set (or no longer open). */
export async function publisherKey(context: Pick<AppContext, 'secrets'>, db: PaymentsDb, publisherId: string): Promise<string | null> {
  const account = await findAccount(db, publisherId);
  return account ? context.secrets.open(account.secret_key_sealed) : null;
}

/** The publisher's client and webhook secret, or null when its keys are not set (or no longer open). */
export async function publisherStripe(context: Pick<AppContext, 'env' | 'secrets'>, db: PaymentsDb, publisherId: string): Promise<PublisherStripe | null> {
  const account = await findAccount(db, publisherId);
  if (!account) return null;
  const secretKey = context.secrets.open(account.secret_key_sealed);
  const webhookSecret = context.secrets.open(account.webhook_secret_sealed);
  if (!secretKey || !webhookSecret) return null;
  return { client: await stripeClient(context.env, secretKey), webhookSecret };
}

/** Whether a key is a live one (sk_live_, rk_live_): test keys' payments are pretend. */
export const liveKey = (secretKey: string) => /^[a-z]+_live_/.test(secretKey);

/** A Stripe call's failure in a sentence a director can act on, with Stripe's own reason (never a key: Stripe masks it). */
export function stripeReason(error: unknown): string {
  const failure = error as { type?: string; message?: string };
  if (failure.type === 'StripeConnectionError') return `Stripe could not be reached (${failure.message ?? 'no answer'}).`;
  return failure.message ?? String(error);
}

/** The kind of a Stripe failure that says what is wrong with the key: invalid (401) or missing a permission (403). */
export const keyFailure = (error: unknown): 'invalid' | 'permission' | null => {
  const type = (error as { type?: string }).type;
  return type === 'StripeAuthenticationError' ? 'invalid' : type === 'StripePermissionError' ? 'permission' : null;
};

/** What the console may see of a key: its prefix and last four characters ('sk_test_…4242'). */
export function keyHint(secretKey: string): string {
  const prefix = /^[a-z]+_(test|live)_/.exec(secretKey)?.[0] ?? '';
  return `${prefix}…${secretKey.slice(-4)}`;
}
