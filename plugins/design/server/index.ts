/** The design plugin's server: the newsletter wizard's calls, the e-mail and web design, and the channel templates as a part of the newsletter. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerDesignRoutes } from './routes';
import { seedDesign } from './seed';
import { registerTemplatesPart } from './templates';

export default serverPlugin(manifest, {
  register(api) {
    registerDesignRoutes(api);
    registerTemplatesPart(api);
  },
  seed: seedDesign,
});
