/** The analytics plugin's server: tracking (pixel, redirects, read beacon), the rollups, the statistics and analytics calls, and a year of demo events. */
import { ownTables } from '../../../core/server/db/database';
import { serverPlugin } from '../../../core/server/plugins/contract';
import { issueAudience } from '../../issues/server/public';
import { audienceTracking } from '../../stories/server/public';
import manifest from '../plugin';
import { createRecorder } from './recorder';
import { issueAudienceCounts } from './results';
import { registerAnalyticsRoutes } from './routes';
import { registerTracking } from './tracking';

export default serverPlugin(manifest, {
  register(api) {
    const db = ownTables(api.db, 'analytics');
    const recorder = createRecorder(db, api.log);
    const tracking = registerTracking(api, db, recorder);
    api.extensions.add(audienceTracking, tracking);
    api.extensions.add(issueAudience, issueAudienceCounts);
    // The events still held in memory are written before the database closes.
    api.onClose(() => tracking.flush());
    registerAnalyticsRoutes(api, db);
  },
  seed: async (context) => (await import('./seed')).seedAudience(context),
});
