/** The premium-story service's server: its calls below /api/premium. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerPremiumRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    registerPremiumRoutes(api);
  },
});
