/** The images plugin's server: the library's calls, the editor's upload and the demo images. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerImageRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    registerImageRoutes(api);
  },
  seed: async (context) => (await import('./demo')).seedDemoImages(context, context.storage),
});
