/** How stability and similarity_boost become espeak-ng's settings, and that a listener hears them (decision 0017). */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEspeak, type Espeak } from '../../../plugins/speech/server/engine/espeak';
import { espeakSettings, speechSampleRate } from '../../../plugins/speech/server/engine/index';
import { medianHz, pitchSpreadSemitones, pitchTrack, semitonesBetween } from './pitch';

const turkish = 'Belediye, yeni parkın açılışını bugün duyurdu. Vatandaşlar memnun mu? Yağmur hafta sonuna kadar sürecek, ama pazar günü güneş açacak.';
const english = 'The council announced a new park today. Are residents pleased? The rain will last until the weekend, but Sunday should be sunny.';

describe('espeakSettings', () => {
  it('speaks the spec defaults (0.5, 0.5) at espeak-ng’s own rate and intonation', () => {
    expect(espeakSettings('tr-female', 0.5, 0.5)).toEqual({ language: 'tr', gender: 2, variant: 0, rate: 175, pitch: 40, range: 50 });
    expect(espeakSettings('en-male', 0.5, 0.5)).toEqual({ language: 'en-us', gender: 1, variant: 0, rate: 175, pitch: 60, range: 50 });
  });

  it('turns stability into intonation, from lively to flat, and a steadier pace', () => {
    expect(espeakSettings('tr-male', 0, 1)).toMatchObject({ range: 90, rate: 185 });
    expect(espeakSettings('tr-male', 1, 1)).toMatchObject({ range: 10, rate: 165 });
  });

  it('keeps the voice’s own pitch and variant at full similarity, and drifts it toward the other voices below', () => {
    expect(espeakSettings('tr-female', 0.5, 1)).toMatchObject({ pitch: 50, variant: 0 });
    expect(espeakSettings('tr-female', 0.5, 0)).toMatchObject({ pitch: 30, variant: 2 });
    expect(espeakSettings('en-male', 0.5, 1)).toMatchObject({ pitch: 50, variant: 0 });
    expect(espeakSettings('en-male', 0.5, 0)).toMatchObject({ pitch: 70, variant: 2 });
  });

  it('clamps values out of range, reads a missing one as the default, and speaks an unknown voice with tr-female', () => {
    expect(espeakSettings('tr-male', 1.7, -2)).toEqual(espeakSettings('tr-male', 1, 0));
    expect(espeakSettings('tr-male', Number.NaN, Number.NaN)).toEqual(espeakSettings('tr-male', 0.5, 0.5));
    expect(espeakSettings('21m00Tcm4TlvDq8ikWAM', 0.3, 0.8)).toEqual(espeakSettings('tr-female', 0.3, 0.8));
  });
});

describe('what a listener hears', () => {
  let espeak: Espeak;
  beforeAll(async () => {
    espeak = await loadEspeak();
  });

  const track = (voiceId: string, text: string, stability: number, similarityBoost: number) =>
    pitchTrack(espeak.synthesize(text, espeakSettings(voiceId, stability, similarityBoost)), speechSampleRate);

  it.each([
    ['tr-female', turkish],
    ['tr-male', turkish],
    ['en-male', english],
  ])('%s: low stability moves the pitch at least twice as much as high stability', (voiceId, text) => {
    const lively = pitchSpreadSemitones(track(voiceId, text, 0.1, 0.5));
    const steady = pitchSpreadSemitones(track(voiceId, text, 0.9, 0.5));
    expect(lively).toBeGreaterThan(2 * steady);
  });

  it.each([
    ['tr-female', turkish],
    ['en-male', english],
  ])('%s: similarity_boost 0 sits more than two semitones away from the voice’s own pitch', (voiceId, text) => {
    const own = medianHz(track(voiceId, text, 0.5, 1));
    const drifted = medianHz(track(voiceId, text, 0.5, 0));
    expect(semitonesBetween(own, drifted)).toBeGreaterThan(2);
  });
});
