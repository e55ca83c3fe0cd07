/** How GET /keys/check finds newsletter and publisher keys: both are unique across the platform (their public pages are /n/{key} and /p/{key}). */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { keyInUse } from '../../../core/server/store';

export function registerKeyLookups(api: PluginApi): void {
  const db = api.db;
  api.keys.register('Newsletter', (key, exceptId) => keyInUse(db, 'newsletters', key, exceptId));
  api.keys.register('Publisher', (key, exceptId) => keyInUse(db, 'publishers', key, exceptId));
}
