/**
 * The newsletters plugin's server: the newsletter lists, a new newsletter and a newsletter's own
 * fields with what other plugins add and keep (its extension points: creation.ts, parts.ts,
 * timeline.ts, subscriber-counts.ts), the publish and feature switches, the tags in use.
 */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerNewsletterCreateRoutes } from './create-routes';
import { registerNewsletterRoutes } from './routes';
import { seedNewsletters } from './seed';
import { registerNewsletterUpdateRoutes } from './update-routes';

export default serverPlugin(manifest, {
  register(api) {
    registerNewsletterRoutes(api);
    registerNewsletterUpdateRoutes(api);
    registerNewsletterCreateRoutes(api);
  },
  seed: seedNewsletters,
});
