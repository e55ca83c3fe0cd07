/**
 * Where the voices a newsletter may choose come from: an extension point of the settings plugin
 * (decision 0031). The plugin that speaks (speech) contributes the voices its engine has; the
 * settings plugin offers them in the newsletter's form and checks a newly chosen voice against
 * them, and does without while no enabled plugin speaks. That keeps the dependency one way: speech
 * needs settings (the voice settings it speaks with), never the reverse.
 */
import { extensionPoint, type Extensions } from '../../../core/server/plugins/extension-points';
import type { SpeechVoice } from '../../../schemas/generated/api/speech-voice';

/** A voice as the spec shows it (ElevenLabs' shape; the offline engine's voices take it too): schemas/api/speech-voice. */
export type { SpeechVoice };

/** The speaking plugin's voices, asked each time (an account's voices may change); one speaking plugin at most. */
export const voiceSource = extensionPoint<() => Promise<SpeechVoice[]>>('settings.voices', { single: true });

/** The voices there are now, or null while no enabled plugin speaks. */
export async function listVoices(context: { extensions: Extensions }): Promise<SpeechVoice[] | null> {
  const source = context.extensions.one(voiceSource);
  return source ? source() : null;
}
