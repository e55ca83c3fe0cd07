/**
 * A speech worker thread (see core/server/worker-pool.ts): answers each task of the speech pool. espeak-ng is loaded
 * once, when the first text arrives, so a thread that only encodes ElevenLabs' PCM never loads it.
 * Compiled as its own entry (scripts/build/server.ts) since nothing imports it.
 */
import { parentPort } from 'node:worker_threads';
import type { PoolAnswer, PoolRequest } from '../../../../core/server/worker-pool';
import { loadEspeak, type Espeak } from './espeak';
import { performSpeechTask, type SpeechTask, type SpeechTaskResult } from './tasks';

if (!parentPort) throw new Error('worker.ts runs as a worker thread of the speech pool');
const port = parentPort;

let espeak: Promise<Espeak> | undefined;
const loadedEspeak = () => (espeak ??= loadEspeak());

port.on('message', async ({ id, task }: PoolRequest<SpeechTask>) => {
  let answer: PoolAnswer<SpeechTaskResult>;
  try {
    answer = { id, ok: true, result: await performSpeechTask(task, loadedEspeak) };
  } catch (error) {
    answer = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer, answer.ok ? [answer.result.mp3.buffer as ArrayBuffer] : []);
});
