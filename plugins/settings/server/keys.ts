/** How GET /keys/check finds newsletter and publisher keys: both are unique across the platform (their public pages are /n/{key} and /p/{key}). */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { newsletterKeyTaken, publisherKeyTaken, settingsDb } from './store';

export function registerKeyLookups(api: PluginApi): void {
  const db = settingsDb(api.db);
  api.keys.register('Newsletter', (key, exceptId) => newsletterKeyTaken(db, key, exceptId));
  api.keys.register('Publisher', (key, exceptId) => publisherKeyTaken(db, key, exceptId));
}
