/** Every chunk at one loudness, no clipping, no silent ends: the pipeline every chunk goes through. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEspeak, type Espeak } from '../../../plugins/speech/server/engine/espeak';
import { espeakSettings, loudnessTargetDbfs, pcmLevel, speechSampleRate } from '../../../plugins/speech/server/engine/index';
import { dbfsToAmplitude, trimSilence } from '../../../plugins/speech/server/engine/loudness';
import { peakLimitDbfs } from '../../../plugins/speech/server/engine/format';
import { finishedPcm } from '../../../plugins/speech/server/engine/tasks';

const text = 'Haftanın öne çıkan haberleri: belediye yeni parkı açtı, okullar pazartesi başlıyor ve hafta sonu hava güneşli olacak.';

/** The samples times `gain`, saturating as a too-hot recording would. */
function scaled(samples: Int16Array, gain: number): Int16Array {
  return Int16Array.from(samples, (value) => Math.max(-32768, Math.min(32767, Math.round(value * gain))));
}

describe('loudness', () => {
  let espeak: Espeak;
  beforeAll(async () => {
    espeak = await loadEspeak();
  });

  it('brings two voices at very different levels to the target, within 1 dB, with no peak over the limit', () => {
    const quietFemale = scaled(espeak.synthesize(text, espeakSettings('tr-female', 0.5, 0.5)), 0.15);
    const loudMale = scaled(espeak.synthesize(text, espeakSettings('tr-male', 0.5, 0.5)), 4);
    expect(pcmLevel(loudMale).rmsDbfs - pcmLevel(quietFemale).rmsDbfs).toBeGreaterThan(20);
    for (const raw of [quietFemale, loudMale]) {
      const level = pcmLevel(finishedPcm(raw));
      expect(Math.abs(level.rmsDbfs - loudnessTargetDbfs)).toBeLessThan(1);
      expect(level.peak).toBeLessThanOrEqual(Math.ceil(dbfsToAmplitude(peakLimitDbfs)));
      expect(level.peak).toBeLessThanOrEqual(32767);
    }
  });

  it('measures the sound, not the pauses: a chunk with a long pause is as loud as without', () => {
    const speech = espeak.synthesize(text, espeakSettings('en-male', 0.5, 0.5));
    const pause = 2 * speechSampleRate;
    const withPause = new Int16Array(2 * speech.length + pause);
    withPause.set(speech);
    withPause.set(speech, speech.length + pause);
    expect(Math.abs(pcmLevel(withPause).rmsDbfs - pcmLevel(speech).rmsDbfs)).toBeLessThan(0.5);
  });

  it('leaves silence silent', () => {
    const silence = new Int16Array(speechSampleRate);
    expect(pcmLevel(silence).rmsDbfs).toBe(-Infinity);
    expect(finishedPcm(silence).length).toBe(0);
  });

  it('trims the silent ends, keeping 50 ms either side of the sound', () => {
    const speech = trimSilence(espeak.synthesize(text, espeakSettings('tr-female', 0.5, 0.5)));
    const padded = new Int16Array(speech.length + 2 * speechSampleRate);
    padded.set(speech, speechSampleRate);
    const trimmed = trimSilence(padded);
    expect(trimmed.length).toBeGreaterThanOrEqual(speech.length);
    expect(trimmed.length).toBeLessThanOrEqual(speech.length + Math.round(0.1 * speechSampleRate));
  });
});
