/** Recordings on the server: the publisher's audio library and its demo data. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { registerRecordingRoutes } from './routes';
import { seedRecordings } from './seed';

export default serverPlugin(manifest, {
  register(api) {
    registerRecordingRoutes(api);
  },
  seed: seedRecordings,
});
