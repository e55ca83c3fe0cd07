/**
 * The offline engine's voices and how a newsletter's voice settings become espeak-ng's. ElevenLabs
 * takes stability and similarity_boost as they are; espeak-ng has no such knobs, so each is mapped
 * onto something of espeak-ng's a listener can hear (docs/decisions/0017-offline-voice-parameters.md).
 */
import type { SpeechVoice } from './index';
import { defaultVoiceId } from './format';

/** The offline engine's voices. Newsletters' voice settings name them by these ids (their default is tr-female). */
export const offlineVoices: SpeechVoice[] = [
  { voice_id: 'tr-female', name: 'Türkçe — Kadın', labels: { language: 'tr', gender: 'female' } },
  { voice_id: 'tr-male', name: 'Türkçe — Erkek', labels: { language: 'tr', gender: 'male' } },
  { voice_id: 'en-female', name: 'English — Female', labels: { language: 'en', gender: 'female' } },
  { voice_id: 'en-male', name: 'English — Male', labels: { language: 'en', gender: 'male' } },
];

/** espeak-ng's voice for each language of ours. */
const espeakLanguages: Record<string, string> = { tr: 'tr', en: 'en-us' };
/** espeak-ng's gender numbers. */
const espeakGenders = { male: 1, female: 2 } as const;

/** espeak-ng's own defaults: words per minute, base pitch and pitch range (0-100). */
const neutralRate = 175;
const neutralPitch = 50;
/** Pitch range at stability 0 and how much of it stability 1 takes away: 90 (lively) to 10 (flat). */
const liveliestRange = 90;
const rangeTakenByStability = 80;
/** Words per minute added at stability 0 and taken away at 1: a lively read is a touch quicker. */
const rateSwing = 10;
/** Pitch points the base pitch moves at similarity_boost 0 (half of it at 0.5). */
const pitchDrift = 20;
/** Under this similarity_boost, espeak-ng's next variant of the voice speaks instead of its own. */
const ownVariantFrom = 0.5;
const otherVariant = 2;

export interface EspeakSettings {
  /** espeak-ng's voice name ('tr', 'en-us'). */
  language: string;
  gender: 1 | 2;
  /** 0: the voice itself; others: one of espeak-ng's variants of it. */
  variant: number;
  /** Words per minute. */
  rate: number;
  /** Base pitch, 0-100. */
  pitch: number;
  /** Pitch range (intonation), 0-100. */
  range: number;
}

/**
 * What espeak-ng is told for one of our voices at a stability and a similarity_boost (0-1 each;
 * out of range is clamped, not a number is the spec's default 0.5). An unknown voice id speaks
 * with the default voice rather than failing: a newsletter set up with ElevenLabs voices still
 * gets audio when the offline engine runs.
 */
export function espeakSettings(voiceId: string, stability: number, similarityBoost: number): EspeakSettings {
  const voice = offlineVoices.find((candidate) => candidate.voice_id === voiceId) ?? offlineVoices.find((candidate) => candidate.voice_id === defaultVoiceId)!;
  const steadiness = unit(stability);
  const similarity = unit(similarityBoost);
  const female = voice.labels.gender === 'female';
  // Less similar moves the voice's pitch toward the middle of the other voices': it sounds less like itself.
  const towardOthers = female ? -1 : 1;
  return {
    language: espeakLanguages[voice.labels.language!]!,
    gender: female ? espeakGenders.female : espeakGenders.male,
    variant: similarity >= ownVariantFrom ? 0 : otherVariant,
    rate: Math.round(neutralRate + rateSwing * (1 - 2 * steadiness)),
    pitch: Math.round(neutralPitch + towardOthers * pitchDrift * (1 - similarity)),
    range: Math.round(liveliestRange - rangeTakenByStability * steadiness),
  };
}

function unit(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
}
