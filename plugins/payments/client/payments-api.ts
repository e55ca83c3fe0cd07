/**
 * The calls the Credentials pages' payment cards make (plugins/payments/server/routes.ts answers
 * them), and a refused save's problems by field, so each shows under its own field.
 */
import { HTTPError } from 'ky';
import { call } from '../../../core/client/api';
import { byField } from '../../../core/client/forms';
import type { ValidationDetail } from '../../../core/shared/validation-details';
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

/** A 422's details by field ('secretKey', 'monthly'); nothing for any other failure. */
export async function fieldErrorsOf(error: unknown): Promise<Record<string, string>> {
  if (!(error instanceof HTTPError) || error.response.status !== 422) return {};
  try {
    const body = (await error.response.clone().json()) as { details?: ValidationDetail[] };
    return byField(body.details ?? []);
  } catch {
    return {};
  }
}
