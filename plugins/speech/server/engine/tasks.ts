/**
 * The work a speech worker thread does: text (offline engine) or PCM (ElevenLabs' answer) to a
 * chunk of house MP3, through one path so both engines' chunks sound alike: loudness to the
 * target, silent ends trimmed, encoded.
 */
import type { Espeak } from './espeak';
import type { EspeakSettings } from './voices';
import { normaliseLoudness, trimSilence } from './loudness';
import { encodeMp3, mp3Seconds } from './mp3';

export type SpeechTask = { kind: 'synthesize'; text: string; settings: EspeakSettings } | { kind: 'encode'; pcm: Int16Array };

/** A Uint8Array, not a Buffer: that is what arrives from another thread. */
export interface SpeechTaskResult {
  mp3: Uint8Array;
  duration: number;
}

/** The chunk's PCM as it is encoded: at the loudness target, without silent ends. */
export function finishedPcm(pcm: Int16Array): Int16Array {
  return trimSilence(normaliseLoudness(pcm));
}

export async function performSpeechTask(task: SpeechTask, espeak: () => Promise<Espeak>): Promise<SpeechTaskResult> {
  const pcm = task.kind === 'synthesize' ? (await espeak()).synthesize(task.text, task.settings) : task.pcm;
  const mp3 = await encodeMp3(finishedPcm(pcm));
  // A copy with a buffer of its own: a small Buffer may sit in Node's shared pool, which cannot be transferred.
  return { mp3: new Uint8Array(mp3), duration: mp3Seconds(mp3) };
}
