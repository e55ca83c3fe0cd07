/** The calls the Credentials pages' payment cards make (plugins/payments/server/routes.ts answers them). */
import { call } from '../../../core/client/api';
import type { NewsletterPlansSave } from '../../../schemas/generated/api/newsletter-plans-save';
import type { PaymentAccountSave } from '../../../schemas/generated/api/payment-account-save';
import { paymentEndpoints } from '../endpoints';

export const paymentsApi = {
  /** The caller's publisher's keys as the console may see them: connected or not, the secret key's hint, the webhook address. */
  account: () => call(paymentEndpoints.account),
  /** A key left out keeps the one stored; the first save needs both. */
  saveAccount: (body: PaymentAccountSave) => call(paymentEndpoints.saveAccount, { body }),
  removeAccount: () => call(paymentEndpoints.removeAccount),
  plans: (newsletterId: string) => call(paymentEndpoints.plans, { params: { newsletterId } }),
  savePlans: (newsletterId: string, body: NewsletterPlansSave) => call(paymentEndpoints.savePlans, { params: { newsletterId }, body }),
};
