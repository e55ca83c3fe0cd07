/**
 * What a client sees of the core's records that several plugins answer with (a newsletter, a
 * publisher), and the shapes every presenter writes the same way (dates, a person).
 */
import type { NewsletterSummary } from '../../schemas/generated/entities/newsletter-summary';
import type { Publisher } from '../../schemas/generated/entities/publisher';
import type { NewsletterRow, PublisherRow } from './db/tables';

/** A date as the API writes it (ISO 8601, UTC); null stays null. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** Someone a record names (its uploader, its owner): id, name and picture, or null for nobody. */
export function personOf(id: string | null, name: string | null, image: string | null): { _id: string; name: string; image: string } | null {
  return id ? { _id: id, name: name ?? '', image: image ?? '' } : null;
}

/**
 * A newsletter as lists and cards show it (the settings add their own fields to it), with its
 * subscribers: the subscribers plugin counts them (its `subscriberCount`), the caller reads them.
 */
export function presentNewsletter(row: NewsletterRow, subscribers: number): NewsletterSummary {
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
    status: { published: row.published, featured: row.featured, archived: row.archived },
    stats: { subscribers },
    publisher: row.publisher_id,
    createdAt: iso(row.created_at),
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
