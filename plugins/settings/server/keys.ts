/** How GET /keys/check finds publisher keys: unique across the platform (a publisher's public page is /p/{key}); the publisher credentials are these settings'. */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { keyInUse } from '../../../core/server/store';

export function registerPublisherKeyLookup(api: PluginApi): void {
  api.keys.register('Publisher', (key, exceptId) => keyInUse(api.db, 'publishers', key, exceptId));
}
