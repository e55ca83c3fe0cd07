/** What a client sees of a newsletter in lists, cards and dashboards. */
import type { NewsletterRow } from '../../../core/server/db/tables';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';

export function presentNewsletter(row: NewsletterRow): NewsletterSummary {
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
    stats: { subscribers: Number(row.subscriber_count) },
    publisher: row.publisher_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
