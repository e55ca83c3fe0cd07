/**
 * Where the voices a newsletter may choose come from. The plugin that speaks (speech) says which
 * voices its engine has (`api.voices.use(...)`); the settings plugin offers them in the
 * newsletter's form and checks a newly chosen voice against them, and does without while no
 * enabled plugin speaks. That keeps the dependency one way: speech needs settings (the voice
 * settings it speaks with), never the reverse.
 */

import type { SpeechVoice } from '../../schemas/generated/api/speech-voice';

/** A voice as the spec shows it (ElevenLabs' shape; the offline engine's voices take it too): schemas/api/speech-voice. */
export type { SpeechVoice };

export interface VoiceCatalog {
  /** The speaking plugin's voices, asked each time (an account's voices may change). */
  use(voices: () => Promise<SpeechVoice[]>): void;
  /** The voices there are now, or null while no enabled plugin speaks. */
  list(): Promise<SpeechVoice[] | null>;
}

export function createVoiceCatalog(): VoiceCatalog {
  let provider: (() => Promise<SpeechVoice[]>) | null = null;
  return {
    use(voices) {
      if (provider) throw new Error('voices: a speaking plugin is registered twice');
      provider = voices;
    },
    list: async () => (provider ? provider() : null),
  };
}
