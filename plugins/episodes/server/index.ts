/** The episodes plugin's server: episode calls, the podcast browser's calls, the public podcast feed, scheduled publication and demo data. */
import type { Db } from '../../../core/server/db/database';
import type { JobQueue } from '../../../core/server/jobs';
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerPodcastFeedPage } from './podcast-feed-page';
import { registerPodcastRoutes } from './podcast-routes';
import { definePublishJob } from './publication';
import { registerEpisodeRoutes } from './routes';
import { seedEpisodes } from './seed';
import type { EpisodeTables } from './tables';

/** The job queue of each running server, for the demo data's scheduled episode (the seed is handed no queue). */
const queues = new WeakMap<Db, JobQueue>();

export default serverPlugin(manifest, {
  register(api) {
    queues.set(api.db, api.jobs);
    definePublishJob({ db: api.tables<EpisodeTables>(), jobs: api.jobs, log: api.log });
    registerEpisodeRoutes(api);
    registerPodcastRoutes(api);
    registerPodcastFeedPage(api);
  },
  async seed(context) {
    await seedEpisodes(context, queues.get(context.db));
  },
});
