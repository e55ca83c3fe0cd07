/** The outbox plugin's server: reading the captured e-mail (core/server/services/mail.ts writes it). */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerOutboxRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    registerOutboxRoutes(api);
  },
});
