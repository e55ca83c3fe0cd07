/** Recordings on the server: the publisher's audio library and its demo data. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerRecordingRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    registerRecordingRoutes(api);
  },
  seed: async (context) => (await import('./seed')).seedRecordings(context),
});
