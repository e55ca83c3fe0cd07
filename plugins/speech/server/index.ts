/** The speech plugin's server: the text-to-speech calls, the jobs that speak chunks and build audio, and demo data. */
import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
import { defineSpeechJobs, type SpeechContext } from './generation';
import { registerSpeechRoutes } from './routes';
import { seedSpeech } from './seed';
import type { SpeechTables } from './tables';

export default serverPlugin(manifest, {
  register(api) {
    const context: SpeechContext = { db: api.tables<SpeechTables>(), storage: api.storage, jobs: api.jobs, speech: api.speech, log: api.log };
    // As many chunks at once as the engine speaks at once (one when it speaks in the server's own thread).
    defineSpeechJobs(context, Math.max(1, api.env.speechWorkers));
    registerSpeechRoutes(api, context, api.db);
  },
  seed: seedSpeech,
});
