/**
 * The console's payment settings: the publisher's Stripe keys (publishers.update; sealed at rest,
 * answered only as a hint) and a newsletter's monthly and yearly prices (newsletters.update).
 */
import { callerPublisher, type Session } from '../../../core/server/auth/session';
import { invalid } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { findNewsletter } from '../../../core/server/store';
import type { NewsletterPlans } from '../../../schemas/generated/api/newsletter-plans';
import type { PaymentAccount } from '../../../schemas/generated/api/payment-account';
import { paymentEndpoints } from '../endpoints';
import { deleteAccount, findAccount, findPlans, paymentsDb, savePlans, saveAccount } from './store';
import { keyHint } from './stripe';
import { registerReaderPayments } from './reader-pages';
import { registerWebhook } from './webhook';

/** A newsletter's plans are in this currency until its prices say another. */
export const defaultCurrency = 'try';

export function registerPaymentRoutes(api: PluginApi): void {
  const db = paymentsDb(api.db);

  const presentAccount = async (publisherId: string): Promise<PaymentAccount> => {
    const account = await findAccount(db, publisherId);
    return {
      configured: Boolean(account),
      secretKeyHint: account?.secret_key_hint ?? null,
      webhookUrl: `${api.env.publicUrl}/api/payments/webhook/${publisherId}`,
    };
  };

  api.serve(paymentEndpoints.account, {
    requires: 'publishers.update',
    summary: "Whether the caller's publisher has its Stripe keys (a hint of the secret key, never the keys) and the address to give Stripe for its webhook.",
    async handler(_request, _reply, session) {
      return { data: await presentAccount(callerPublisher(session)) };
    },
  });

  api.serve(paymentEndpoints.saveAccount, {
    requires: 'publishers.update',
    summary:
      "Saves the publisher's Stripe secret key and webhook signing secret, sealed with AES-256-GCM under the server's key; a field left out keeps what is stored, the first save needs both.",
    async handler(request, _reply, session) {
      const publisherId = callerPublisher(session);
      const current = await findAccount(db, publisherId);
      const { secretKey, webhookSecret } = request.body;
      if (!current && !secretKey) throw invalid('Enter the secret key and the webhook signing secret.', 'secretKey');
      if (!current && !webhookSecret) throw invalid('Enter the secret key and the webhook signing secret.', 'webhookSecret');
      await saveAccount(db, {
        publisher_id: publisherId,
        secret_key_sealed: secretKey ? api.secrets.seal(secretKey) : current!.secret_key_sealed,
        secret_key_hint: secretKey ? keyHint(secretKey) : current!.secret_key_hint,
        webhook_secret_sealed: webhookSecret ? api.secrets.seal(webhookSecret) : current!.webhook_secret_sealed,
      });
      return { data: await presentAccount(publisherId), msg: 'The Stripe keys are saved.' };
    },
  });

  api.serve(paymentEndpoints.removeAccount, {
    requires: 'publishers.update',
    summary: "Removes the publisher's Stripe keys: its paid plans are no longer offered; who pays stays as Stripe last said.",
    async handler(_request, _reply, session) {
      const publisherId = callerPublisher(session);
      await deleteAccount(db, publisherId);
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
}
