/** The stories plugin's server: the story calls, live sync, scheduled release, the public story page, imported stories' old addresses and demo data. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerOldAddresses } from './old-addresses';
import { registerStoryPage } from './public-page';
import { registerStoryRealtime } from './realtime';
import { registerStoryRoutes } from './routes';
import { storiesDb } from './store';

export default serverPlugin(manifest, {
  register(api) {
    const db = storiesDb(api.db);
    registerStoryRoutes(api);
    registerStoryRealtime(api, db);
    registerStoryPage(api, db);
    registerOldAddresses(api);
  },
  seed: async (context) => (await import('./seed')).seedStories(context),
});
