/** The payments plugin's calls, declared once: plugins/payments/server serves them, the console calls them. */
import { data, endpoint, schema } from '../../core/shared/endpoints';
import { earningsEndpoints } from './earnings-endpoints';

const account = data(schema('api/payment-account'));
const plans = data(schema('api/newsletter-plans'));

export const paymentEndpoints = {
  account: endpoint('GET', '/payments/account', { answer: account }),
  saveAccount: endpoint('PUT', '/payments/account', { body: schema('api/payment-account-save'), answer: account }),
  removeAccount: endpoint('DELETE', '/payments/account', { answer: account }),
  plans: endpoint('GET', '/payments/plans/:newsletterId', { answer: plans }),
  savePlans: endpoint('PUT', '/payments/plans/:newsletterId', { body: schema('api/newsletter-plans-save'), answer: plans }),
  webhook: endpoint('POST', '/payments/webhook/:publisherId', { body: schema('api/stripe-event'), answer: data(schema('api/stripe-webhook-answer')) }),
  ...earningsEndpoints,
};
