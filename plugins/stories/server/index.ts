/** The stories plugin's server: the story calls, live sync, scheduled release, the public story page and demo data. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerStoryPage } from './public-page';
import { registerStoryRealtime } from './realtime';
import { registerStoryRoutes } from './routes';
import { seedStories } from './seed';
import { storiesDb } from './store';

export default serverPlugin(manifest, {
  register(api) {
    const db = storiesDb(api.db);
    registerStoryRoutes(api);
    registerStoryRealtime(api, db);
    registerStoryPage(api, db);
  },
  seed: seedStories,
});
