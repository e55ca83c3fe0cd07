/** The offline engine end to end: text in, house MP3 out, from worker threads. */
import { parseBuffer } from 'music-metadata';
import { afterAll, describe, expect, it } from 'vitest';
import { createSpeechEngine, speechKbps, speechSampleRate } from '../../../plugins/speech/server/engine/index';

// About 100 characters each.
const turkish = 'Belediye yeni parkın açılışını bugün duyurdu; vatandaşlar hafta sonu parkı gezebilecek.';
const english = 'The council opened the new park today, and residents can visit it from this weekend on.';

const engine = createSpeechEngine({ workers: 2 });
afterAll(() => engine.close());

async function format(mp3: Buffer) {
  return (await parseBuffer(mp3, { mimeType: 'audio/mpeg' }, { duration: true })).format;
}

describe('offline speech engine', () => {
  it('offers four voices, Turkish and English, female and male', async () => {
    expect(engine.name).toBe('espeak-ng');
    expect(await engine.voices()).toEqual([
      { voice_id: 'tr-female', name: 'Türkçe — Kadın', labels: { language: 'tr', gender: 'female' } },
      { voice_id: 'tr-male', name: 'Türkçe — Erkek', labels: { language: 'tr', gender: 'male' } },
      { voice_id: 'en-female', name: 'English — Female', labels: { language: 'en', gender: 'female' } },
      { voice_id: 'en-male', name: 'English — Male', labels: { language: 'en', gender: 'male' } },
    ]);
  });

  it.each([
    ['tr-female', turkish],
    ['tr-male', turkish],
    ['en-female', english],
    ['en-male', english],
  ])('speaks with %s an MP3 in the house format, of a plausible length', async (voiceId, text) => {
    const spoken = await engine.speak({ text, voiceId, stability: 0.5, similarityBoost: 0.5 });
    const { duration, sampleRate, numberOfChannels, bitrate, codecProfile } = await format(spoken.mp3);
    expect({ sampleRate, numberOfChannels, bitrate, codecProfile }).toEqual({
      sampleRate: speechSampleRate,
      numberOfChannels: 1,
      bitrate: speechKbps * 1000,
      codecProfile: 'CBR',
    });
    expect(spoken.duration).toBeGreaterThan(3);
    expect(spoken.duration).toBeLessThan(15);
    expect(Math.abs(duration! - spoken.duration)).toBeLessThan(0.01);
  });

  it('takes longer to say more', async () => {
    const [short, long] = await Promise.all([
      engine.speak({ text: turkish, voiceId: 'tr-female', stability: 0.5, similarityBoost: 0.5 }),
      engine.speak({ text: `${turkish} ${turkish} ${turkish}`, voiceId: 'tr-female', stability: 0.5, similarityBoost: 0.5 }),
    ]);
    expect(long.duration).toBeGreaterThan(2.5 * short.duration);
  });

  it('speaks a voice it does not have with the default voice rather than failing', async () => {
    // espeak-ng varies its output a little from one run to the next, so the same voice is compared by length.
    const request = { text: turkish, stability: 0.5, similarityBoost: 0.5 };
    const [unknown, fallback] = await Promise.all([engine.speak({ ...request, voiceId: 'no-such-voice' }), engine.speak({ ...request, voiceId: 'tr-female' })]);
    expect(Math.abs(unknown.duration - fallback.duration)).toBeLessThan(0.1);
  });
});
