/** The notifications plugin's server: the bell's calls, announcements and the demo notifications. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerNotificationRoutes } from './routes';
import { seedDemoNotifications } from './seed';

export default serverPlugin(manifest, {
  register(api) {
    registerNotificationRoutes(api);
  },
  async seed(context) {
    await seedDemoNotifications(context);
  },
});
