/**
 * The console's payment settings: the publisher's Stripe account, connected with one secret key
 * (publishers.update; checked against Stripe, sealed at rest, answered only as a hint; connect.ts
 * makes the webhook endpoint) and a newsletter's monthly and yearly prices (newsletters.update).
 */
import { callerPublisher, type Session } from '../../../core/server/auth/session';
import { invalid } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { findNewsletter } from '../../../core/server/store';
import type { NewsletterPlans } from '../../../schemas/generated/api/newsletter-plans';
import type { PaymentAccount } from '../../../schemas/generated/api/payment-account';
import { paymentEndpoints } from '../endpoints';
import { connectAccount, removeEndpoint } from './connect';
import { importedCounts, matchAfterConnect, registerImportedMembers } from './imported-members';
import { lastProblem } from './problems';
import { deleteAccount, findAccount, findPlans, paymentsDb, savePlans, saveAccount } from './store';
import { registerReaderPayments } from './reader-pages';
import { registerWebhook } from './webhook';

/** A newsletter's plans are in this currency until its prices say another. */
export const defaultCurrency = 'try';

export function registerPaymentRoutes(api: PluginApi): void {
  const db = paymentsDb(api.db);

  const webhookUrlOf = (publisherId: string) => `${api.env.publicUrl}/api/payments/webhook/${publisherId}`;
  const presentAccount = async (publisherId: string): Promise<PaymentAccount> => {
    const [account, problem, importedMembers] = await Promise.all([
      findAccount(db, publisherId),
      lastProblem(db, publisherId),
      importedCounts(db, publisherId),
    ]);
    return {
      configured: Boolean(account),
      secretKeyHint: account?.secret_key_hint ?? null,
      webhookUrl: webhookUrlOf(publisherId),
      // Keys from before issue 56 were never checked: no account is shown for them.
      account: account && account.livemode !== null ? { id: account.account_id, name: account.account_name, mode: account.livemode ? 'live' : 'test' } : null,
      webhookEndpoint: account ? (account.webhook_endpoint_id ? 'created' : 'manual') : null,
      lastProblem: problem ? { kind: problem.kind, reason: problem.reason, at: problem.occurred_at.toISOString() } : null,
      importedMembers,
    };
  };

  api.serve(paymentEndpoints.account, {
    requires: 'publishers.update',
    summary:
      "Whether the caller's publisher has connected its Stripe account (which one, test or live, a hint of the key, never a key), its webhook address, the last Checkout or webhook problem, and how its imported paying members stand with Stripe.",
    async handler(_request, _reply, session) {
      return { data: await presentAccount(callerPublisher(session)) };
    },
  });

  api.serve(paymentEndpoints.saveAccount, {
    requires: 'publishers.update',
    summary:
      "Connects the publisher's Stripe account with its secret (or restricted) key: the key is checked against Stripe (422 on secretKey with Stripe's reason when it is refused; nothing is saved), the webhook endpoint is created with the events the webhook applies and its signing secret kept, sealed with AES-256-GCM like the key; a key replaced has its endpoint removed. webhookSecret, for an endpoint made by hand, is kept instead of making one. Imported members' customers are then matched in the account.",
    async handler(request, _reply, session) {
      const publisherId = callerPublisher(session);
      const current = await findAccount(db, publisherId);
      const { secretKey, webhookSecret } = request.body;
      if (!secretKey && !current) throw invalid('Enter the secret key.', 'secretKey');
      if (!secretKey) {
        // Only the signing secret of an endpoint made by hand: the key stays as it is, the endpoint the server made goes.
        if (webhookSecret) {
          await saveAccount(db, { ...current!, webhook_secret_sealed: api.secrets.seal(webhookSecret), webhook_endpoint_id: null });
          await removeEndpoint(api, current!, publisherId);
        }
        return { data: await presentAccount(publisherId), msg: 'The Stripe keys are saved.' };
      }
      const connected = await connectAccount(api, secretKey, webhookUrlOf(publisherId), webhookSecret);
      await saveAccount(db, { publisher_id: publisherId, ...connected });
      if (current && current.webhook_endpoint_id !== connected.webhook_endpoint_id) await removeEndpoint(api, current, publisherId);
      await matchAfterConnect(api, db, publisherId);
      return { data: await presentAccount(publisherId), msg: 'Stripe is connected.' };
    },
  });

  api.serve(paymentEndpoints.removeAccount, {
    requires: 'publishers.update',
    summary:
      "Removes the publisher's Stripe keys and the webhook endpoint the server made in its account: its paid plans are no longer offered; who pays stays as Stripe last said.",
    async handler(_request, _reply, session) {
      const publisherId = callerPublisher(session);
      const current = await findAccount(db, publisherId);
      await deleteAccount(db, publisherId);
      if (current) await removeEndpoint(api, current, publisherId);
      return { data: await presentAccount(publisherId), msg: 'The Stripe keys are removed.' };
    },
  });

  const newsletterOf = async (id: string, session: Session) => {
    session.assertNewsletter(id);
    return (await findNewsletter(api.db, id))!;
  };
  const presentPlans = async (newsletter: { id: string; publisher_id: string }): Promise<NewsletterPlans> => {
    const [plans, account] = await Promise.all([findPlans(db, newsletter.id), findAccount(db, newsletter.publisher_id)]);
    return {
      available: Boolean(account),
      currency: plans?.currency ?? defaultCurrency,
      monthly: plans?.monthly_amount ?? null,
      yearly: plans?.yearly_amount ?? null,
    };
  };

  api.serve(paymentEndpoints.plans, {
    requires: 'newsletters.update',
    summary: "A newsletter's monthly and yearly prices in the currency's minor unit (null: not offered), and whether its publisher's Stripe keys are set.",
    async handler(request, _reply, session) {
      return { data: await presentPlans(await newsletterOf(request.params.newsletterId, session)) };
    },
  });

  api.serve(paymentEndpoints.savePlans, {
    // A director's (or an admin's) decision: editors see the prices, they do not set them.
    requires: 'publishers.update',
    summary:
      "Sets a newsletter's monthly and yearly prices (minor unit; null takes a plan off). Readers who pay keep their price until they change plan; new subscriptions take the new one.",
    async handler(request, _reply, session) {
      const newsletter = await newsletterOf(request.params.newsletterId, session);
      const { currency, monthly, yearly } = request.body;
      await savePlans(db, { newsletter_id: newsletter.id, currency, monthly_amount: monthly, yearly_amount: yearly });
      return { data: await presentPlans(newsletter), msg: 'The prices are saved.' };
    },
  });

  registerWebhook(api, db);
  registerReaderPayments(api, db);
  registerImportedMembers(api, db);
}
