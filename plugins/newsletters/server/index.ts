/**
 * The newsletters plugin's server: the newsletter lists, a new newsletter and a newsletter's own
 * fields with what other plugins add and keep (its extension points: creation.ts, parts.ts,
 * timeline.ts, subscriber-counts.ts), the publish and feature switches, the tags in use, and how
 * GET /keys/check finds a newsletter's key (keys.ts).
 */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerNewsletterCreateRoutes } from './create-routes';
import { registerNewsletterKeyLookup } from './keys';
import { registerNewsletterRoutes } from './routes';
import { registerNewsletterUpdateRoutes } from './update-routes';

export default serverPlugin(manifest, {
  register(api) {
    registerNewsletterRoutes(api);
    registerNewsletterUpdateRoutes(api);
    registerNewsletterCreateRoutes(api);
    registerNewsletterKeyLookup(api);
  },
  seed: async (context) => (await import('./seed')).seedNewsletters(context),
});
