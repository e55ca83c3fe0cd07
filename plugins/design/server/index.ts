/** The design plugin's server: what the newsletter wizard adds to a new newsletter, the e-mail and web design (its pages, and how a newsletter looks to its readers: look.ts), and the channel templates as a part of the newsletter. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerNewsletterCreation } from './creation';
import { registerNewsletterLook } from './look';
import { registerDesignRoutes } from './routes';
import { registerTemplatesPart } from './templates';

export default serverPlugin(manifest, {
  register(api) {
    registerDesignRoutes(api);
    registerNewsletterLook(api);
    registerNewsletterCreation(api);
    registerTemplatesPart(api);
  },
  seed: async (context) => (await import('./seed')).seedDesign(context),
});
