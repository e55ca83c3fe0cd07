/** The newsletters plugin's server: the newsletter lists, the publish and feature switches, the tags in use. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerNewsletterRoutes } from './routes';
import { seedNewsletters } from './seed';

export default serverPlugin(manifest, {
  register(api) {
    registerNewsletterRoutes(api);
  },
  seed: seedNewsletters,
});
