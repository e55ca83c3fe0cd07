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

/** The publisher's client and webhook secret, or null when its keys are not set (or no longer open). */
export async function publisherStripe(context: Pick<AppContext, 'env' | 'secrets'>, db: PaymentsDb, publisherId: string): Promise<PublisherStripe | null> {
  const account = await findAccount(db, publisherId);
  if (!account) return null;
  const secretKey = context.secrets.open(account.secret_key_sealed);
  const webhookSecret = context.secrets.open(account.webhook_secret_sealed);
  if (!secretKey || !webhookSecret) return null;
  return { client: await stripeClient(context.env, secretKey), webhookSecret };
}

/** What the console may see of a key: its prefix and last four characters ('sk_test_…4242'). */
export function keyHint(secretKey: string): string {
  const prefix = /^[a-z]+_(test|live)_/.exec(secretKey)?.[0] ?? '';
  return `${prefix}…${secretKey.slice(-4)}`;
}
