/** The issues plugin's server: the issue calls, live editing, the public issue page, publishing and sending, bounces and complaints, and demo data. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import { leftOutOfPublisherData } from '../../../core/server/publisher-data';
import { registerBounces } from './bounces/routes';
import { premiumAccess, tracking } from '../../stories/server/public';
import manifest from '../plugin';
import { issueChanges } from './changes';
import { registerIssuePage } from './public-page';
import { registerIssueArchive } from './public-archive';
import { definePublishing } from './publish';
import { registerPublishRoutes } from './publish-routes';
import { constants } from '../../../core/shared/config';
import { registerIssueRealtime } from './realtime';
import { registerIssueRoutes } from './routes';
import { issuesDb } from './store';

export default serverPlugin(manifest, {
  async register(api) {
    const db = issuesDb(api.db);
    const changes = issueChanges(db, api.realtime);
    registerIssueRoutes(api, changes);
    registerIssueRealtime(api, db, changes);
    registerIssuePage(api, db);
    registerIssueArchive(api, db);
    const publishing = {
      db,
      locks: api.locks,
      jobs: api.jobs,
      realtime: api.realtime,
      mail: api.mail,
      push: api.push,
      links: api.links,
      extensions: api.extensions,
      publicUrl: api.env.publicUrl,
      log: api.log,
      rate: api.env.mailRate ?? constants.delivery.ratePerSecond,
      // Registered by the tracking plugin after this one, so read when a send needs it.
      get tracking() {
        return tracking(api);
      },
      // Likewise the plugin that sells subscriptions.
      get premium() {
        return api.extensions.one(premiumAccess);
      },
    };
    const stopHearingClock = definePublishing(publishing);
    api.onClose(stopHearingClock);
    registerPublishRoutes(api, publishing);
    await registerBounces(api, db);
    api.extensions.add(leftOutOfPublisherData, { table: 'issue_sending', reason: "a send's lease belongs to the process that sends" });
  },
  seed: async (context) => (await import('./seed')).seedIssues(context),
});
