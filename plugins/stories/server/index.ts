/** The stories plugin's server: the story calls, live sync, scheduled release, the public story page and demo data. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerStoryPage } from './public-page';
import { registerStoryRealtime } from './realtime';
import { registerStoryRoutes } from './routes';
import { seedStories } from './seed';
import type { StoriesDb } from './store';
import type { StoryTables } from './tables';

export default serverPlugin(manifest, {
  register(api) {
    const db = api.tables<StoryTables>() as StoriesDb;
    registerStoryRoutes(api);
    registerStoryRealtime(api, db);
    registerStoryPage(api, db);
  },
  seed: seedStories,
});
