/** The embed service's server: its calls below /api/embed, and headless Chromium when CHROMIUM_PATH is set (closed with the server). */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerEmbedRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    registerEmbedRoutes(api);
  },
});
