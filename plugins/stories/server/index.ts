/** The stories plugin's server: the story calls, live sync, scheduled release, the public story page and demo data. */
import type { Db } from '../../../core/server/db/database';
import type { JobQueue } from '../../../core/server/jobs';
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerStoryPage } from './public-page';
import { registerStoryRealtime } from './realtime';
import { registerStoryRoutes } from './routes';
import { seedStories } from './seed';
import type { StoriesDb } from './store';
import type { StoryTables } from './tables';

/** The job queue of each running server, for the demo data's scheduled stories (the seed is handed no queue). */
const queues = new WeakMap<Db, JobQueue>();

export default serverPlugin(manifest, {
  register(api) {
    queues.set(api.db, api.jobs);
    const db = api.tables<StoryTables>() as StoriesDb;
    registerStoryRoutes(api);
    registerStoryRealtime(api, db);
    registerStoryPage(api, db);
  },
  async seed(context) {
    await seedStories(context, queues.get(context.db));
  },
});
