/** The subscribers plugin's server: the subscriber list, its CSV export and import, the timeline, and the demo subscribers. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerSubscriberRoutes } from './routes';
import { seedSubscribers } from './seed';

export default serverPlugin(manifest, {
  register(api) {
    registerSubscriberRoutes(api);
  },
  async seed(context) {
    await seedSubscribers(context);
  },
});
