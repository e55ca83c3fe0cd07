/** The images plugin's server: the library's calls, the editor's upload and the demo images. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { seedDemoImages } from './demo';
import { registerImageRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    registerImageRoutes(api);
  },
  async seed(context) {
    await seedDemoImages(context, context.storage);
  },
});
