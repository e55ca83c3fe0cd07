/** The feedback plugin's server: sending feedback, the admins' list, and a little demo feedback. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerFeedbackRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    registerFeedbackRoutes(api);
  },
  seed: async (context) => (await import('./seed')).seedDemoFeedback(context),
});
