/** The team plugin's server: the team, invitation and member calls, and the demo team members. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerTeamRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    registerTeamRoutes(api);
  },
  seed: async (context) => (await import('./seed')).seedTeam(context),
});
