/** The subscribers plugin's server: the subscriber list, its CSV export and import, the timeline, the personal unsubscribe page, and the demo subscribers. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerSubscriberRoutes } from './routes';
import { seedSubscribers } from './seed';
import type { SubscribersDb } from './store';
import type { SubscriberTables } from './tables';
import { registerUnsubscribePage } from './unsubscribe-page';

export default serverPlugin(manifest, {
  register(api) {
    registerSubscriberRoutes(api);
    registerUnsubscribePage(api, api.tables<SubscriberTables>() as SubscribersDb);
  },
  async seed(context) {
    await seedSubscribers(context);
  },
});
