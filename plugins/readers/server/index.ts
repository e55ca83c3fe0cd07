/**
 * The readers plugin's server: the sign-in by e-mailed link, the reader session, the account page
 * (routes.ts), and the link to the sign-in on each newsletter's landing page. Other plugins ask
 * who the signed-in reader is through server/public.ts.
 */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { addLandingLink } from './landing-link';
import { registerReaderPages } from './routes';
import { readersDb } from './store';

export default serverPlugin(manifest, {
  register(api) {
    registerReaderPages(api, readersDb(api.db));
    addLandingLink(api);
  },
});
