/**
 * MP3 in the house format, and the joining of chunks. The encoder is the core's (LAME in
 * WebAssembly, core/server/services/mp3-encoder.ts; decision 0019), which the demo audio uses too.
 * MP3 is a sequence of frames, and every file this encoder makes starts with a frame that borrows
 * nothing from before it and carries no tag frame, so files in one format join by putting their
 * bytes one after another: no decoding and no second encoding of a story.
 */
import { encodeMonoMp3 } from '../../../../core/server/services/mp3-encoder';
import type { SpokenAudio } from './index';
import { defaultPauseSeconds, samplesPerFrame, speechKbps, speechSampleRate } from './format';

/** 16-bit mono PCM at `speechSampleRate` as CBR MP3. */
export async function encodeMp3(samples: Int16Array): Promise<Buffer> {
  return encodeMonoMp3(samples, { sampleRate: speechSampleRate, kbps: speechKbps });
}

/** The PCM as the house MP3 with its playing time (which includes the encoder's few frames of delay). */
export async function spokenAudioOf(samples: Int16Array): Promise<SpokenAudio> {
  const mp3 = await encodeMp3(samples);
  return { mp3, duration: mp3Seconds(mp3) };
}

// Layer III bit rates (kbit/s) by index, and sample rates by index, per MPEG version.
const mpeg1Kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const mpeg2Kbps = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const sampleRates: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** The playing time of an MP3 made of Layer III frames only (as ours are), counted frame by frame. */
export function mp3Seconds(mp3: Buffer): number {
  let seconds = 0;
  let offset = 0;
  while (offset + 4 <= mp3.length) {
    const version = (mp3[offset + 1]! >> 3) & 3;
    const layer = (mp3[offset + 1]! >> 1) & 3;
    const kbps = (version === 3 ? mpeg1Kbps : mpeg2Kbps)[mp3[offset + 2]! >> 4];
    const sampleRate = sampleRates[version]?.[(mp3[offset + 2]! >> 2) & 3];
    const synced = mp3[offset] === 0xff && (mp3[offset + 1]! & 0xe0) === 0xe0 && layer === 1;
    if (!synced || !kbps || !sampleRate) throw new Error(`not an MP3 frame at byte ${offset}`);
    const padding = (mp3[offset + 2]! >> 1) & 1;
    const frameSamples = version === 3 ? 1152 : 576;
    offset += Math.floor(((frameSamples / 8) * kbps * 1000) / sampleRate) + padding;
    seconds += frameSamples / sampleRate;
  }
  return seconds;
}

const silences = new Map<number, Promise<SpokenAudio>>();

/** `seconds` of silence as house MP3, to the nearest frame; made once per length, however many joins ask at once. */
export function encodedSilence(seconds: number): Promise<SpokenAudio> {
  let silence = silences.get(seconds);
  if (!silence) {
    // The encoder adds two frames of its own to whatever it is given.
    const frames = Math.max(0, Math.round((seconds * speechSampleRate) / samplesPerFrame) - 2);
    silence = spokenAudioOf(new Int16Array(frames * samplesPerFrame));
    silences.set(seconds, silence);
  }
  return silence;
}

/** Joins chunk MP3s (all made by speak()) into one MP3 with a short pause between parts. */
export async function joinSpeech(parts: SpokenAudio[], pauseSeconds = defaultPauseSeconds): Promise<SpokenAudio> {
  const pause = pauseSeconds > 0 ? await encodedSilence(pauseSeconds) : undefined;
  const pieces: Buffer[] = [];
  let duration = 0;
  parts.forEach((part, index) => {
    if (index > 0 && pause) {
      pieces.push(pause.mp3);
      duration += pause.duration;
    }
    pieces.push(part.mp3);
    duration += part.duration;
  });
  return { mp3: Buffer.concat(pieces), duration };
}
