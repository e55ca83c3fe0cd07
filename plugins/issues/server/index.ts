/** The issues plugin's server: the issue calls, live editing, the public issue page, and demo data. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { issueChanges } from './changes';
import { registerIssuePage } from './public-page';
import { registerIssueRealtime } from './realtime';
import { registerIssueRoutes } from './routes';
import { seedIssues } from './seed';
import type { IssuesDb } from './store';
import type { IssueTables } from './tables';

export default serverPlugin(manifest, {
  register(api) {
    const db = api.tables<IssueTables>() as unknown as IssuesDb;
    const changes = issueChanges(db, api.realtime);
    registerIssueRoutes(api, changes);
    registerIssueRealtime(api, db, changes);
    registerIssuePage(api, db);
  },
  seed: seedIssues,
});
