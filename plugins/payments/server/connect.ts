/**
 * Stripe in one step (issue 56): the publisher pastes its secret key; the server asks Stripe whose
 * account it opens (GET /v1/account: its id and name; test or live from the key), creates the
 * webhook endpoint itself (POST /v1/webhook_endpoints, at the publisher's webhook address, with the
 * events webhook.ts applies, rendered in the package's API version) and keeps the signing secret
 * Stripe answers once. A key Stripe refuses is refused with Stripe's reason and nothing is saved;
 * replacing the key removes the old endpoint, removing the keys removes it (both best effort: an
 * endpoint left behind only posts to an address that no longer verifies it).
 */
import type { AppContext } from '../../../core/server/plugins/contract';
import { invalid } from '../../../core/server/errors';
import { handledEvents } from './webhook';
import type { PaymentAccountRow } from './store';
import { keyFailure, keyHint, liveKey, stripeClient, stripeReason } from './stripe';

/** The permissions a restricted key needs, as Stripe's dashboard names them. */
export const restrictedKeyText =
  'A restricted key needs these permissions: Webhook Endpoints (write), Checkout Sessions (write), Customer portal (write), Subscriptions (read) and Customers (read).';

/** What a checked key opens: the sealed row to save. */
export type ConnectedAccount = Omit<PaymentAccountRow, 'publisher_id' | 'updated_at'>;

type Context = Pick<AppContext, 'env' | 'secrets' | 'log'>;

/**
 * Checks the key against Stripe and makes what the publisher needs in its account: the webhook
 * endpoint at `webhookUrl`, unless the caller brings the signing secret of one made by hand.
 * Throws a 422 on the key field, with Stripe's reason, for a key that does not work.
 */
export async function connectAccount(context: Context, secretKey: string, webhookUrl: string, handMadeSecret?: string): Promise<ConnectedAccount> {
  const client = await stripeClient(context.env, secretKey);
  let account: { id: string; name: string | null } | null = null;
  try {
    const found = await client.accounts.retrieveCurrent();
    account = { id: found.id, name: found.business_profile?.name ?? found.settings?.dashboard?.display_name ?? found.email ?? null };
  } catch (error) {
    // A restricted key is seldom let read the account (Stripe asks for a KYC permission): it may still do all the rest.
    if (!(keyFailure(error) === 'permission' && secretKey.startsWith('rk_'))) throw refusal(error);
  }
  let endpoint: { id: string | null; secret: string; livemode: boolean };
  if (handMadeSecret) endpoint = { id: null, secret: handMadeSecret, livemode: liveKey(secretKey) };
  else {
    try {
      const { default: Stripe } = await import('stripe');
      const made = await client.webhookEndpoints.create({
        url: webhookUrl,
        enabled_events: [...handledEvents],
        api_version: Stripe.API_VERSION,
        description: 'Masthead: paid subscriptions',
      });
      if (!made.secret) throw new Error('Stripe answered no signing secret');
      endpoint = { id: made.id, secret: made.secret, livemode: made.livemode };
    } catch (error) {
      throw keyFailure(error) ? refusal(error) : invalid(`Stripe did not create the webhook endpoint: ${stripeReason(error)}`, 'secretKey');
    }
  }
  return {
    secret_key_sealed: context.secrets.seal(secretKey),
    secret_key_hint: keyHint(secretKey),
    webhook_secret_sealed: context.secrets.seal(endpoint.secret),
    account_id: account?.id ?? null,
    account_name: account?.name ?? null,
    livemode: endpoint.livemode,
    webhook_endpoint_id: endpoint.id,
  };
}

/** A 422 on the key field saying why Stripe refused it. */
function refusal(error: unknown): Error {
  const reason = stripeReason(error);
  if (keyFailure(error) === 'permission') return invalid(`Stripe refused this key: ${reason} ${restrictedKeyText}`, 'secretKey');
  if (keyFailure(error) === 'invalid') return invalid(`Stripe refused this key: ${reason}`, 'secretKey');
  return invalid(`The key could not be checked: ${reason} Nothing is saved; try again.`, 'secretKey');
}

/**
 * Removes the endpoint the server made with this (sealed) key, best effort: a key Stripe no longer
 * takes, or an endpoint already gone, is logged and left.
 */
export async function removeEndpoint(
  context: Context,
  account: Pick<PaymentAccountRow, 'secret_key_sealed' | 'webhook_endpoint_id'>,
  publisherId: string,
): Promise<void> {
  const secretKey = context.secrets.open(account.secret_key_sealed);
  if (!account.webhook_endpoint_id || !secretKey) return;
  try {
    const client = await stripeClient(context.env, secretKey);
    await client.webhookEndpoints.del(account.webhook_endpoint_id);
  } catch (error) {
    context.log.warn({ publisherId, endpoint: account.webhook_endpoint_id, reason: stripeReason(error) }, 'payments: the old webhook endpoint was not removed');
  }
}
