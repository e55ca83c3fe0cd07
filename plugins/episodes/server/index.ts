/** The episodes plugin's server: episode calls, the podcast browser's calls, the public podcast feed, scheduled publication and demo data. */
import { ownTables } from '../../../core/server/db/database';
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerPodcastFeedPage } from './podcast-feed-page';
import { registerPodcastRoutes } from './podcast-routes';
import { definePublishJob } from './publication';
import { registerEpisodeRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    definePublishJob({ db: ownTables(api.db, 'episodes'), jobs: api.jobs, log: api.log });
    registerEpisodeRoutes(api);
    registerPodcastRoutes(api);
    registerPodcastFeedPage(api);
  },
  seed: async (context) => (await import('./seed')).seedEpisodes(context),
});
