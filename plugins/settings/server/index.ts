/**
 * Settings on the server: a newsletter's interests, testers, voices, welcome issue and sender (parts
 * of the newsletter its calls carry: newsletter-parts.ts), the sender's confirmation page, and the
 * publisher's credentials with how GET /keys/check finds a publisher's key (keys.ts).
 */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerPublisherKeyLookup } from './keys';
import { registerNewsletterParts } from './newsletter-parts';
import { registerPublisherSettingsRoutes } from './publisher-routes';
import { registerSenderConfirmationPage } from './sender-confirmation';
import { settingsDb } from './store';

export default serverPlugin(manifest, {
  register(api) {
    registerNewsletterParts(api);
    registerSenderConfirmationPage(api, settingsDb(api.db));
    registerPublisherSettingsRoutes(api);
    registerPublisherKeyLookup(api);
  },
  seed: async (context) => (await import('./seed')).seedSettings(context),
});
