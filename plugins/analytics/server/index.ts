/** The analytics plugin's server: tracking (pixel, redirects, read beacon), the rollups, the statistics and analytics calls, and a year of demo events. */
import { ownTables } from '../../../core/server/db/database';
import { serverPlugin } from '../../../core/server/plugins/contract';
import { issueAudience } from '../../issues/server/public';
import { audienceTracking } from '../../stories/server/public';
import manifest from '../plugin';
import { openJournal } from './journal';
import { createRecorder } from './recorder';
import { issueAudienceCounts } from './results';
import { registerAnalyticsRoutes } from './routes';
import { registerTracking } from './tracking';

/** How often a process looks for the journals of processes that stopped. */
const journalLookSeconds = 30;

export default serverPlugin(manifest, {
  register(api) {
    const db = ownTables(api.db, 'analytics');
    const recorder = createRecorder(db, api.log, openJournal(api.env.dataDir));
    const tracking = registerTracking(api, db, recorder);
    api.extensions.add(audienceTracking, tracking);
    api.extensions.add(issueAudience, issueAudienceCounts);
    // The events still held in memory are written before the database closes.
    api.onClose(() => tracking.flush());
    // What a process that died had answered but not written: at this one's start, and at each look
    // (another process that shared the data folder).
    api.jobs.repeat(
      'analytics-journal',
      journalLookSeconds,
      async () => {
        const events = await recorder.takeUpLeft();
        if (events > 0) api.log.warn({ events }, 'audience events of a process that stopped written from its journal');
      },
      { atStart: true },
    );
    registerAnalyticsRoutes(api, db);
  },
  seed: async (context) => (await import('./seed')).seedAudience(context),
});
