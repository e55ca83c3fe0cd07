/** How GET /keys/check finds newsletter keys: unique across the platform (a newsletter's public page is /n/{key}); the newsletter record's API is this plugin's. */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { keyInUse } from '../../../core/server/store';

export function registerNewsletterKeyLookup(api: PluginApi): void {
  const db = api.db;
  api.keys.register('Newsletter', (key, exceptId) => keyInUse(db, 'newsletters', key, exceptId));
}
