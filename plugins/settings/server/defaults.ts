/**
 * The shapes of a newsletter's settings and their values before anyone set them: the voices the
 * speech engine offers, and the spec's default stability and similarity_boost (0.5 each).
 */
import type { Interest } from '../../../schemas/generated/entities/interest';
import type { Newsletter } from '../../../schemas/generated/entities/newsletter';
import type { NewsletterVoice } from '../../../schemas/generated/entities/newsletter-voice';
import type { NewsletterWelcome } from '../../../schemas/generated/entities/newsletter-welcome';

export type InterestTitle = Interest['titles'][number];
export type VoiceSettings = NonNullable<Newsletter['voiceSettings']>;
export type WelcomeIssue = NewsletterWelcome & { slug: string; intro: { html: string; text: string } };

export interface Voice {
  voice_id: string;
  name: string;
  labels: { language: string; gender: string };
}

/** The voices of the offline engine (espeak-ng); a production engine lists its own. */
export const voices: Voice[] = [
  { voice_id: 'tr-female', name: 'Türkçe — Kadın', labels: { language: 'tr', gender: 'female' } },
  { voice_id: 'tr-male', name: 'Türkçe — Erkek', labels: { language: 'tr', gender: 'male' } },
  { voice_id: 'en-female', name: 'English — Female', labels: { language: 'en', gender: 'female' } },
  { voice_id: 'en-male', name: 'English — Male', labels: { language: 'en', gender: 'male' } },
];

/** Spec 002 section 5: the default stability and similarity_boost are 0.5 each. */
export const defaultVoice: NewsletterVoice = { voice: 'tr-female', stability: 0.5, similarity_boost: 0.5 };

export const defaultVoiceSettings: VoiceSettings = { article: defaultVoice, bullet: { ...defaultVoice, voice: 'tr-male' } };

export const blankWelcome: WelcomeIssue = { subject: '', preview: '', slug: '', intro: { html: '', text: '' } };
