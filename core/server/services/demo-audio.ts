/**
 * Short audio the project makes itself, for demo data and tests: a soft chime melody rendered as
 * PCM and encoded to MP3 by the server's encoder (LAME in WebAssembly, mp3-encoder.ts), so nothing
 * is downloaded and no tool is needed.
 */
import { encodeMonoMp3, type Mp3Format } from './mp3-encoder';

/**
 * Demo audio is in the speech engine's house format (plugins/speech/server/engine/format.ts, which
 * the core does not import), so tests can hand its PCM to the engine; tests/unit/speech/join.test.ts
 * checks that the two agree.
 */
export const demoFormat = { sampleRate: 22050, kbps: 64 } as const satisfies Mp3Format;
export const demoSampleRate = demoFormat.sampleRate;

export interface DemoToneOptions {
  /** Length of the audio. */
  seconds: number;
  /** Frequencies (Hz) played one after another, each an equal share of the length. */
  notes: number[];
}

const made = new Map<string, Promise<Buffer>>();

/**
 * A mono MP3 of the notes as bell-like tones (a fundamental and two soft overtones, each fading
 * out). Encoding takes a quarter of a second, so a tune is made once per process (demo data is
 * seeded by every test server), however many callers ask for it at once.
 */
export function demoTone(options: DemoToneOptions): Promise<Buffer> {
  const key = `${options.seconds}:${options.notes.join(',')}`;
  let mp3 = made.get(key);
  if (!mp3) {
    mp3 = encodeMonoMp3(demoPcm(options), demoFormat);
    made.set(key, mp3);
  }
  return mp3;
}

/** The same melody as 16-bit PCM samples at `demoSampleRate`. */
export function demoPcm({ seconds, notes }: DemoToneOptions): Int16Array {
  const total = Math.max(1, Math.round(seconds * demoSampleRate));
  const samples = new Int16Array(total);
  const melody = notes.length > 0 ? notes : [440];
  const noteLength = total / melody.length;
  const attack = Math.round(0.01 * demoSampleRate);
  for (let index = 0; index < total; index++) {
    const noteIndex = Math.min(melody.length - 1, Math.floor(index / noteLength));
    const frequency = melody[noteIndex]!;
    const local = index - noteIndex * noteLength;
    const time = local / demoSampleRate;
    // A quick rise (no click), then an exponential decay like a struck bell.
    const envelope = Math.min(1, local / attack) * Math.exp((-3 * time) / (noteLength / demoSampleRate));
    const phase = 2 * Math.PI * frequency * time;
    const value = Math.sin(phase) * 0.6 + Math.sin(2 * phase) * 0.25 + Math.sin(3 * phase) * 0.1;
    samples[index] = Math.round(value * envelope * 0.5 * 32767);
  }
  return samples;
}
