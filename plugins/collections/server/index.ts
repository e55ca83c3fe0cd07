/** The collections plugin's server: the collection calls, the key check for Collection, the public page /c/{slug}, the featured collections on their owners' pages, and demo data. */
import { ownTables } from '../../../core/server/db/database';
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import type { ItemSources } from './items';
import { registerCollectionPage } from './public-page';
import { registerCollectionRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    const sources: ItemSources = { db: ownTables(api.db, 'collections'), issues: api.db };
    registerCollectionRoutes(api, sources);
    registerCollectionPage(api, sources);
  },
  seed: async (context) => (await import('./seed')).seedCollections(context),
});
