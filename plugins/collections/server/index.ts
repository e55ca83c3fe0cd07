/** The collections plugin's server: the collection calls, the key check for Collection, the public page /c/{slug}, the featured collections on their owners' pages, and demo data. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import type { ItemSources } from './items';
import { registerCollectionPage } from './public-page';
import { registerCollectionRoutes } from './routes';
import { seedCollections } from './seed';
import type { CollectionTables } from './tables';

export default serverPlugin(manifest, {
  register(api) {
    const sources: ItemSources = { db: api.tables<CollectionTables>(), issues: api.db };
    registerCollectionRoutes(api, sources);
    registerCollectionPage(api, sources);
  },
  seed: seedCollections,
});
