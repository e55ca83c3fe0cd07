/** What a client sees of a newsletter's settings and of an interest (a publisher is the core's presentPublisher). */
import { presentNewsletter } from '../../../core/server/present';
import type { Interest } from '../../../schemas/generated/entities/interest';
import type { Newsletter } from '../../../schemas/generated/entities/newsletter';
import { blankWelcome, defaultVoiceSettings, type InterestTitle } from './defaults';
import type { NewsletterSettings } from './store';

export function presentNewsletterSettings({ row, interests, testers, voiceSettings, welcome }: NewsletterSettings): Newsletter {
  return {
    ...presentNewsletter(row),
    interests,
    testers,
    welcome: welcome ?? blankWelcome,
    voiceSettings: voiceSettings ?? defaultVoiceSettings,
  };
}

export function presentInterest(row: { id: string; key: string; titles: InterestTitle[] }): Interest {
  return { _id: row.id, key: row.key, titles: row.titles };
}
