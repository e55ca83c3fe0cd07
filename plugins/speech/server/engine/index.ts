/**
 * The speech engine: a story's chunks of text to speech, as mono MP3 in one house format and at
 * one loudness, so a story's chunks join into one file. espeak-ng (WebAssembly, offline, no
 * account) by default; ElevenLabs when an API key is set. Synthesis and encoding run in a small
 * pool of worker threads, so the server keeps answering while a story is spoken.
 */
import type { FastifyBaseLogger } from 'fastify';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SpeechVoice } from '../../../../schemas/generated/api/speech-voice';
import { createElevenLabsEngine } from './elevenlabs';
import { elevenLabsDefaultUrl } from './format';
import { loadEspeak, type Espeak } from './espeak';
import { defaultSpeechWorkers } from '../../../../core/server/env';
import { createWorkerPool, type WorkerPool } from '../../../../core/server/worker-pool';
import { performSpeechTask, type SpeechTask, type SpeechTaskResult } from './tasks';
import { espeakSettings, offlineVoices } from './voices';

export { joinSpeech } from './mp3';
export { pcmLevel, type PcmLevel } from './loudness';
export { espeakSettings, type EspeakSettings } from './voices';
export { defaultPauseSeconds, loudnessTargetDbfs, speechKbps, speechSampleRate } from './format';

export type { SpeechVoice };

export interface SpeechRequest {
  /** Plain text, at most about 500 characters (one chunk). */
  text: string;
  voiceId: string;
  /** 0..1 (spec default 0.5). */
  stability: number;
  /** 0..1 (spec default 0.5). */
  similarityBoost: number;
  /** The chunks before and after, for ElevenLabs' intonation across chunks; the offline engine ignores them. */
  previousText?: string;
  nextText?: string;
}

export interface SpokenAudio {
  mp3: Buffer;
  /** Seconds. */
  duration: number;
}

export interface SpeechEngine {
  readonly name: 'espeak-ng' | 'elevenlabs';
  voices(): Promise<SpeechVoice[]>;
  /** One chunk's speech as a mono MP3 in the house format (22050 Hz, CBR), loudness normalised to one target. */
  speak(request: SpeechRequest): Promise<SpokenAudio>;
  close(): Promise<void>;
}

export interface SpeechEngineOptions {
  /** ELEVENLABS_API_KEY: speak with ElevenLabs; espeak-ng when absent. */
  elevenLabsApiKey?: string;
  /** ELEVENLABS_URL: another address for the ElevenLabs API (a proxy, tests). */
  elevenLabsUrl?: string;
  /** SPEECH_WORKERS: threads synthesising and encoding at once (2, or fewer cores); 0 speaks in the calling thread. */
  workers?: number;
  log?: FastifyBaseLogger;
}

// The worker thread's module next to this one: worker.ts when run from source, worker.js compiled.
const workerFile = new URL(`./worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

export function createSpeechEngine(options: SpeechEngineOptions = {}): SpeechEngine {
  const pool =
    options.workers === 0
      ? inThisThread()
      : createWorkerPool<SpeechTask, SpeechTaskResult>({ file: workerFile, size: options.workers ?? defaultSpeechWorkers(), name: 'speech', log: options.log });
  if (options.elevenLabsApiKey) {
    return createElevenLabsEngine({ apiKey: options.elevenLabsApiKey, url: options.elevenLabsUrl ?? elevenLabsDefaultUrl, pool });
  }
  return {
    name: 'espeak-ng',
    voices: async () => structuredClone(offlineVoices),
    async speak(request) {
      const settings = espeakSettings(request.voiceId, request.stability, request.similarityBoost);
      const { mp3, duration } = await pool.run({ kind: 'synthesize', text: request.text, settings });
      return { mp3: Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength), duration };
    },
    close: () => pool.close(),
  };
}

/** espeak-ng loaded in this thread, once per process, for the engines that speak without workers. */
let localEspeak: Promise<Espeak> | undefined;

/**
 * The tasks run one at a time in the calling thread (SPEECH_WORKERS=0): no thread to start and no
 * second copy of espeak-ng, for the API tests' many short-lived servers and the smallest machines.
 * The server stops answering while a chunk is spoken.
 */
function inThisThread(): WorkerPool<SpeechTask, SpeechTaskResult> {
  let queue: Promise<unknown> = Promise.resolve();
  let running = 0;
  let waiting = 0;
  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
    threads: 0,
    run(task) {
      waiting++;
      const result = queue.then(async () => {
        waiting--;
        running++;
        try {
          return await performSpeechTask(task, () => (localEspeak ??= loadEspeak()));
        } finally {
          running--;
        }
      });
      queue = result.catch(() => undefined);
      return result;
    },
    close: async () => undefined,
  };
}
