/** The embed service's server: its calls below /api/embed, headless Chromium when CHROMIUM_PATH is set (closed with the server), and the demo embeds. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerEmbedRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    registerEmbedRoutes(api);
  },
  seed: async (context) => (await import('./seed')).seedEmbeds(context),
});
