/**
 * The speech jobs: speaking one chunk, and building an audio (its chunks joined into one MP3).
 * Both run on the job queue, so several server processes share the work; the engine bounds how
 * many chunks are spoken at once (its worker threads), and each process takes as many generate
 * jobs at a time as it has workers. A failure is kept on the chunk or the audio, never retried by
 * the queue: the person who asked sees it and asks again.
 */
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../../core/server/jobs';
import type { RealtimeHub } from '../../../core/server/realtime';
import { newKey, type Storage } from '../../../core/server/services/storage';
import { constants } from '../../../core/shared/config';
import { speechChunkEvent } from '../events';
import { speechMessages } from '../rules';
import { defaultPauseSeconds, joinSpeech, type SpeechEngine } from './engine';
import { chunksByIds, findAudio, findChunk, keepChunkAudio, partsOf, updateAudio, updateChunk, type SpeechDb } from './store';

export const generateJob = 'speech-generate';
export const buildJob = 'speech-build';

interface GenerateData {
  chunkId: string;
  previousChunkId?: string;
  nextChunkId?: string;
  /** Who asked: their consoles hear when the chunk's speaking ends. */
  requestedBy?: string;
}

interface BuildData {
  audioId: string;
}

export interface SpeechContext {
  db: SpeechDb;
  storage: Storage;
  jobs: JobQueue;
  speech: SpeechEngine;
  log: FastifyBaseLogger;
  /** Tells the consoles of whoever asked that a chunk's speaking ended (the demo seed has none). */
  realtime?: Pick<RealtimeHub, 'emit'>;
}

export function defineSpeechJobs(context: SpeechContext, workers: number): void {
  // Somebody waits for each (GENERATE, BUILD STORY), and the chunk or audio is marked before its job is queued.
  context.jobs.define<GenerateData>(generateJob, (data) => speakChunk(context, data), { workers, wake: true });
  context.jobs.define<BuildData>(buildJob, (data) => buildAudio(context, data), { wake: true });
}

/** Queues a chunk to be spoken; the neighbours' texts give the engine the context of the speech. */
export async function queueGeneration(context: SpeechContext, data: GenerateData): Promise<void> {
  await updateChunk(context.db, data.chunkId, { generating: true, error: null });
  await context.jobs.schedule(generateJob, data, { retries: 0 });
}

export async function queueBuild(context: SpeechContext, audioId: string): Promise<void> {
  await updateAudio(context.db, audioId, { building: true, error: null });
  await context.jobs.schedule(buildJob, { audioId }, { retries: 0 });
}

/** Speaks a chunk and keeps its audio; a failure is kept on the chunk. */
export async function speakChunk(context: SpeechContext, data: GenerateData): Promise<void> {
  const { db, storage, speech, log } = context;
  const chunk = await findChunk(db, data.chunkId);
  if (!chunk) return;
  try {
    const neighbours = await chunksByIds(
      db,
      [data.previousChunkId, data.nextChunkId].filter((id): id is string => Boolean(id)),
    );
    const textOf = (id?: string) => neighbours.find((row) => row.id === id && row.content_id === chunk.content_id)?.text;
    const spoken = await speech.speak({
      text: chunk.text,
      voiceId: chunk.voice_id,
      stability: chunk.stability,
      similarityBoost: chunk.similarity_boost,
      previousText: textOf(data.previousChunkId),
      nextText: textOf(data.nextChunkId),
    });
    const key = newKey('speech', 'mp3');
    await storage.put(key, spoken.mp3, 'audio/mpeg');
    await keepChunkAudio(db, chunk, { key, duration: spoken.duration });
  } catch (error) {
    log.error({ err: error, chunkId: chunk.id, engine: speech.name }, 'chunk generation failed');
    await updateChunk(db, chunk.id, { generating: false, error: speechMessages.chunkGenerate(chunk.id) });
  }
  // Once the row says it: whoever asked reads the chunk's state, audio or failure, without a reload.
  if (data.requestedBy) context.realtime?.emit(speechChunkEvent, data.requestedBy, { chunkId: chunk.id });
}

/**
 * How long the audio of these chunks lasts, pauses included (seconds); a chunk not spoken yet
 * counts for nothing until it is.
 */
export function audioSeconds(chunks: { duration: number | null }[]): number {
  return chunks.reduce((sum, chunk) => sum + (chunk.duration ?? 0), 0) + Math.max(0, chunks.length - 1) * defaultPauseSeconds;
}

/** Whether an audio of that length may be built: its MP3, and the memory a build takes, stay bounded. */
export const withinAudioLength = (seconds: number): boolean => seconds <= constants.speech.maxAudioMinutes * 60;

/** Joins an audio's chunks into one MP3 and makes it ready; a failure is kept on the audio. */
export async function buildAudio(context: SpeechContext, { audioId }: BuildData): Promise<void> {
  const { db, storage, log } = context;
  const audio = await findAudio(db, audioId);
  if (!audio) return;
  try {
    const ids = partsOf(audio);
    const chunks = await chunksByIds(db, ids);
    const byId = new Map(chunks.map((chunk) => [chunk.id, chunk]));
    // The calls check it first; a chunk spoken again since may have made it longer.
    if (!withinAudioLength(audioSeconds(ids.map((id) => byId.get(id) ?? { duration: null })))) {
      throw new Error(speechMessages.audioTooLong(constants.speech.maxAudioMinutes));
    }
    const parts = await Promise.all(
      ids.map(async (id, index) => {
        const chunk = byId.get(id);
        const file = chunk?.audio_key ? await storage.read(chunk.audio_key) : null;
        if (!chunk || !file) throw new Error(speechMessages.chunkNotReady(index + 1));
        return { mp3: await buffer(file.body), duration: chunk.duration ?? 0 };
      }),
    );
    const joined = await joinSpeech(parts);
    const key = newKey('speech', 'mp3');
    await storage.put(key, joined.mp3, 'audio/mpeg');
    await updateAudio(db, audio.id, { audio_key: key, duration: joined.duration, status: 'ready', building: false, error: null });
    if (audio.audio_key) await storage.remove(audio.audio_key);
  } catch (error) {
    log.error({ err: error, audioId }, 'audio build failed');
    await updateAudio(db, audio.id, { building: false, error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Waits until `done` says the row is finished (another process may run the job, so the database
 * is asked, not a local event), at most constants.speech.waitSeconds of real time.
 */
export async function waitFor<Row>(load: () => Promise<Row | undefined>, done: (row: Row) => boolean): Promise<Row | undefined> {
  const deadline = Date.now() + constants.speech.waitSeconds * 1000;
  for (;;) {
    const row = await load();
    if (!row || done(row) || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, waitStepMs));
  }
}

const waitStepMs = 100;
