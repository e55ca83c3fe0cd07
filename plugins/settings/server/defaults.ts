/**
 * The shapes of a newsletter's settings and their values before anyone set them: the voices (the
 * speech engine's ids) with the spec's default stability and similarity_boost (0.5 each). The
 * e-mail and web design are not settings: the design plugin keeps them (decision 0051, fourth step).
 */
import type { Interest } from '../../../schemas/generated/entities/interest';
import type { Newsletter } from '../../../schemas/generated/entities/newsletter';
import type { NewsletterVoice } from '../../../schemas/generated/entities/newsletter-voice';
import type { NewsletterWelcome } from '../../../schemas/generated/entities/newsletter-welcome';

export type InterestTitle = Interest['titles'][number];
export type VoiceSettings = NonNullable<Newsletter['voiceSettings']>;
export type WelcomeIssue = NewsletterWelcome & { slug: string; intro: { html: string; text: string } };

/** Spec 002 section 5: the default stability and similarity_boost are 0.5 each. */
export const defaultVoice: NewsletterVoice = { voice: 'tr-female', stability: 0.5, similarity_boost: 0.5 };

export const defaultVoiceSettings: VoiceSettings = { article: defaultVoice, bullet: { ...defaultVoice, voice: 'tr-male' } };

export const blankWelcome: WelcomeIssue = { subject: '', preview: '', slug: '', intro: { html: '', text: '' } };
