/**
 * The readers plugin's server: the sign-in by e-mailed link, the reader session, the account page
 * (routes.ts), and the link to the sign-in on each newsletter's landing page. Other plugins ask
 * who the signed-in reader is through server/public.ts.
 */
import { serverPlugin } from '../../../core/server/plugins/contract';
import { leftOutOfPublisherData } from '../../../core/server/publisher-data';
import manifest from '../plugin';
import { addLandingLink } from './landing-link';
import { registerReaderPages } from './routes';
import { readersDb } from './store';

export default serverPlugin(manifest, {
  register(api) {
    registerReaderPages(api, readersDb(api.db));
    addLandingLink(api);
    // A reader signs in again on the server a publisher moves to: sign-ins and their links stay with this one.
    api.extensions.add(leftOutOfPublisherData, { table: 'reader_sessions', reason: "readers' sign-ins belong to the server that opened them" });
    api.extensions.add(leftOutOfPublisherData, { table: 'reader_sign_in_links', reason: 'sign-in links belong to the server that mailed them' });
  },
});
