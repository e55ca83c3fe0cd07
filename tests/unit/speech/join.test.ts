/** A story's chunks joined into one MP3 that players read, with the pause between chunks. */
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { defaultPauseSeconds, joinSpeech, speechKbps, speechSampleRate } from '../../../plugins/speech/server/engine/index';
import { encodedSilence, mp3Seconds, spokenAudioOf } from '../../../plugins/speech/server/engine/mp3';
import { demoFormat, demoPcm } from '../../../core/server/services/demo-audio';

const tone = (seconds: number, note: number) => spokenAudioOf(demoPcm({ seconds, notes: [note] }));

async function playedSeconds(mp3: Buffer): Promise<{ counted: number; estimated: number }> {
  const counted = await parseBuffer(mp3, { mimeType: 'audio/mpeg' }, { duration: true });
  const estimated = await parseBuffer(mp3, { mimeType: 'audio/mpeg' });
  expect(counted.format).toMatchObject({ sampleRate: speechSampleRate, numberOfChannels: 1, bitrate: speechKbps * 1000, codecProfile: 'CBR' });
  return { counted: counted.format.duration!, estimated: estimated.format.duration! };
}

describe('joinSpeech', () => {
  it('joins three parts with two pauses; players read the length it reports', async () => {
    const parts = await Promise.all([tone(2.3, 440), tone(1.1, 523), tone(3.7, 659)]);
    const sum = parts.reduce((total, part) => total + part.duration, 0);
    const joined = await joinSpeech(parts);
    expect(joined.duration).toBeCloseTo(sum + 2 * defaultPauseSeconds, 1);
    expect(Math.abs(joined.duration - (sum + 2 * defaultPauseSeconds))).toBeLessThan(0.2);
    const { counted, estimated } = await playedSeconds(joined.mp3);
    expect(Math.abs(counted - joined.duration)).toBeLessThan(0.01);
    expect(Math.abs(estimated - joined.duration)).toBeLessThan(0.2);
  });

  it('takes another pause length, and encodes each length of silence once', async () => {
    const parts = await Promise.all([tone(1, 440), tone(1, 523)]);
    const joined = await joinSpeech(parts, 1.5);
    expect(Math.abs(joined.duration - (parts[0]!.duration + parts[1]!.duration + 1.5))).toBeLessThan(0.02);
    expect(Math.abs((await playedSeconds(joined.mp3)).counted - joined.duration)).toBeLessThan(0.01);
    const silence = await encodedSilence(1.5);
    expect(await encodedSilence(1.5)).toBe(silence);
    expect(mp3Seconds(silence.mp3)).toBeCloseTo(1.5, 1);
  });

  it('is given demo audio in its own house format (the core makes demo audio without importing the engine)', () => {
    expect(demoFormat).toEqual({ sampleRate: speechSampleRate, kbps: speechKbps });
  });

  it('answers one part as it is, and nothing for no parts', async () => {
    const part = await tone(1, 440);
    expect(await joinSpeech([part])).toEqual(part);
    expect(await joinSpeech([])).toEqual({ mp3: Buffer.alloc(0), duration: 0 });
  });
});
