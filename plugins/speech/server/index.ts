/**
 * The speech plugin's server: its engine, the text-to-speech calls, the jobs that speak chunks and
 * build audio, and demo data. The engine is the plugin's own (server/engine): made here for each
 * server with the environment's settings, its voices offered to the newsletter settings through
 * the core's voice catalog, and closed with the server.
 */
import { ownTables } from '../../../core/server/db/database';
import { serverPlugin } from '../../../core/server/plugins/contract';
import { voiceSource } from '../../settings/server/public';
import manifest from '../plugin';
import { createSpeechEngine } from './engine';
import { defineSpeechJobs, type SpeechContext } from './generation';
import { registerSpeechRoutes } from './routes';

export default serverPlugin(manifest, {
  register(api) {
    const { elevenLabsApiKey, elevenLabsUrl, speechWorkers } = api.env;
    const speech = createSpeechEngine({ elevenLabsApiKey, elevenLabsUrl, workers: speechWorkers, log: api.log });
    // After the job queue has stopped: no chunk is being spoken.
    api.onClose(() => speech.close());
    api.extensions.add(voiceSource, () => speech.voices());
    const context: SpeechContext = { db: ownTables(api.db, 'speech'), storage: api.storage, jobs: api.jobs, speech, log: api.log, realtime: api.realtime };
    // As many chunks at once as the engine speaks at once (one when it speaks in the server's own thread).
    defineSpeechJobs(context, Math.max(1, speechWorkers));
    registerSpeechRoutes(api, context, api.db);
    return speech;
  },
  // Demo audio is really spoken, by this server's engine.
  seed: async (context, speech) => (await import('./seed')).seedSpeech(context, speech),
});
