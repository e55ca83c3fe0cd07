/**
 * The payments plugin's server: the publisher's keys and the newsletters' prices (routes.ts), the
 * reader's Checkout and customer portal (reader-pages.ts), Stripe's webhook (webhook.ts), premium
 * stories whole for payers (access.ts), Earnings (earnings.ts) and its demo payments (seed.ts).
 */
import { serverPlugin } from '../../../core/server/plugins/contract';
import { leftOutOfPublisherData } from '../../../core/server/publisher-data';
import manifest from '../plugin';
import { registerEarnings } from './earnings';
import { registerPaymentRoutes } from './routes';
import { addSubscriberType } from './subscriber-type';

export default serverPlugin(manifest, {
  async register(api) {
    registerPaymentRoutes(api);
    registerEarnings(api);
    await addSubscriberType(api);
    // The Stripe keys are secrets: the publisher connects Stripe again on the other server.
    api.extensions.add(leftOutOfPublisherData, { table: 'payment_accounts', reason: 'secrets: connect Stripe again on the other server' });
  },
  seed: async (context) => (await import('./seed')).seedPayments(context),
});
