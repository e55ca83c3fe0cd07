/**
 * The newsletters plugin's server: the newsletter lists, a newsletter's own fields with the parts
 * other plugins keep (its extension points: parts.ts, timeline.ts), the publish and feature
 * switches, the tags in use.
 */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerNewsletterRoutes } from './routes';
import { seedNewsletters } from './seed';
import { registerNewsletterUpdateRoutes } from './update-routes';

export default serverPlugin(manifest, {
  register(api) {
    registerNewsletterRoutes(api);
    registerNewsletterUpdateRoutes(api);
  },
  seed: seedNewsletters,
});
