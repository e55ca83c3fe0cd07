/** The notifications plugin's server: the bell's calls, announcements and the demo notifications. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerNotificationRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    registerNotificationRoutes(api);
  },
  seed: async (context) => (await import('./seed')).seedDemoNotifications(context),
});
