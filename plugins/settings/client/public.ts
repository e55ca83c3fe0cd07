/**
 * What other plugins may use of the settings on the console: the fields a newsletter's settings are
 * made of (the creation wizard asks for the same), the titled card the settings pages group their
 * fields in, the page other plugins link to, and the slots of the credentials pages that other plugins fill.
 */
import { createComponentRef, createRouteRef } from '../../../core/client/refs';

export { ColorField } from './ColorField';
export type { ColorFieldProps } from './ColorField';
export { InterestsField, interestTitle } from './InterestsField';
export type { InterestsFieldProps } from './InterestsField';
export { SettingsCard } from './SettingsCard';
export { toSlider, VoiceSliders } from './VoiceSettingsField';
export type { VoiceSlidersProps } from './VoiceSettingsField';

export interface PublisherSettingsCardProps {
  publisherId: string;
}

export interface NewsletterSettingsCardProps {
  newsletterId: string;
}

/**
 * A card at the end of Publisher Credentials, saved by its own button rather than the top bar's
 * SAVE (a feature's settings kept by its own service: the payments plugin's Stripe keys).
 */
export const publisherSettingsCardRef = createComponentRef<PublisherSettingsCardProps>('settings.publisherCard');

/**
 * A newsletter's settings, where its testers are chosen (the publish page's checklist links to it
 * when the newsletter has none). The settings plugin declares and binds it; others link to it.
 */
export const newsletterSettingsRoute = createRouteRef('settings.newsletterSettings', ['newsletterId']);

/** A card at the end of Newsletter Credentials, saved by its own button (the payments plugin's prices). */
export const newsletterSettingsCardRef = createComponentRef<NewsletterSettingsCardProps>('settings.newsletterCard');
