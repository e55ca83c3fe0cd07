/** The collections plugin's server: the collection calls, the key check for Collection, and demo data. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerCollectionRoutes } from './routes';
import { seedCollections } from './seed';

export default serverPlugin(manifest, {
  register(api) {
    registerCollectionRoutes(api);
  },
  seed: seedCollections,
});
