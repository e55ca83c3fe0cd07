/** The feedback plugin's server: sending feedback, the admins' list, and a little demo feedback. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerFeedbackRoutes } from './routes';
import { seedDemoFeedback } from './seed';

export default serverPlugin(manifest, {
  register(api) {
    registerFeedbackRoutes(api);
  },
  async seed(context) {
    await seedDemoFeedback(context);
  },
});
