/** The analytics plugin's server: tracking (pixel, redirects, read beacon), the rollups, the statistics and analytics calls, and a year of demo events. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { createRecorder } from './recorder';
import { registerAnalyticsRoutes } from './routes';
import { seedAudience } from './seed';
import type { AnalyticsTables } from './tables';
import { registerTracking } from './tracking';

export default serverPlugin(manifest, {
  register(api) {
    const db = api.tables<AnalyticsTables>();
    const recorder = createRecorder(db, api.log);
    api.audience.use(registerTracking(api, db, recorder));
    registerAnalyticsRoutes(api, db);
  },
  async seed(context) {
    await seedAudience(context);
  },
});
