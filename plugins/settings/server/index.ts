/** Settings on the server: newsletter and publisher credentials, interests, voices and the welcome issue. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerKeyLookups } from './keys';
import { registerNewsletterSettingsRoutes } from './newsletter-routes';
import { registerPublisherSettingsRoutes } from './publisher-routes';
import { seedSettings } from './seed';

export default serverPlugin(manifest, {
  register(api) {
    registerNewsletterSettingsRoutes(api);
    registerPublisherSettingsRoutes(api);
    registerKeyLookups(api);
  },
  seed: seedSettings,
});
