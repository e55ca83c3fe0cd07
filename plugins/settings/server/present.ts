/** What a client sees of a newsletter's settings, of a publisher and of an interest. */
import type { PublisherRow } from '../../../core/server/db/tables';
import type { Interest } from '../../../schemas/generated/entities/interest';
import type { Newsletter } from '../../../schemas/generated/entities/newsletter';
import type { Publisher } from '../../../schemas/generated/entities/publisher';
import { blankWelcome, defaultVoiceSettings, type InterestTitle } from './defaults';
import type { NewsletterSettings } from './store';

export function presentNewsletterSettings({ row, interests, testers, voiceSettings, welcome }: NewsletterSettings): Newsletter {
  return {
    _id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    image: row.image,
    color: row.color,
    textColor: row.text_color,
    key: row.key,
    lang: row.lang,
    interests,
    testers,
    welcome: welcome ?? blankWelcome,
    status: { published: row.published, featured: row.featured, archived: row.archived },
    voiceSettings: voiceSettings ?? defaultVoiceSettings,
    stats: { subscribers: Number(row.subscriber_count) },
    publisher: row.publisher_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function presentPublisher(row: PublisherRow): Publisher {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    color: row.color,
    textColor: row.text_color,
    website: row.website,
    email: row.email,
    key: row.key,
  };
}

export function presentInterest(row: { id: string; key: string; titles: InterestTitle[] }): Interest {
  return { _id: row.id, key: row.key, titles: row.titles };
}
