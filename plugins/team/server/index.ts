/** The team plugin's server: the team, invitation and member calls, and the demo team members. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerTeamRoutes } from './routes';
import { seedTeam } from './seed';

export default serverPlugin(manifest, {
  register(api) {
    registerTeamRoutes(api);
  },
  async seed(context) {
    await seedTeam(context);
  },
});
