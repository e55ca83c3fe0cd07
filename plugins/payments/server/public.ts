/**
 * What other plugins may use of payments: the imports plugin hands over each paying member it
 * imports (a Ghost member with a Stripe customer id or a complimentary plan, a Substack paid
 * subscriber with its expiry), so that they keep reading premium stories from day one.
 */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { recordImportedMember, type ImportedPaidMember } from './imported-members';
import { paymentsDb } from './store';

export type { ImportedPaidMember };

/** Records a paying member an import brought (again: changes only what changed); the newsletter must be the publisher's. */
export async function importPaidMember(api: PluginApi, member: ImportedPaidMember): Promise<void> {
  await recordImportedMember(paymentsDb(api.db), member);
}
