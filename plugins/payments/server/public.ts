/**
 * What other plugins may use of payments: the imports plugin hands over each paying member it
 * imports (a Ghost member with a Stripe customer id or a complimentary plan, a Substack paid
 * subscriber with its expiry), so that they keep reading premium stories from day one.
 */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { importMember, type ImportedPaidMember } from './imported-members';
import { paymentsDb } from './store';

export type { ImportedPaidMember };

/**
 * Records a paying member an import brought (again: changes only what changed) and, when the
 * publisher's Stripe account is connected, queues its match there; a complimentary member (or one
 * without a customer id) reads premium until `expiresAt`. The newsletter must be the publisher's.
 * Call it once the member's subscriber row exists: its paid flag is set from it.
 */
export async function importPaidMember(api: PluginApi, member: ImportedPaidMember): Promise<void> {
  await importMember(api, paymentsDb(api.db), member);
}
