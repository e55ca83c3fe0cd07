/** What a client sees of a newsletter in lists, cards and dashboards, and of one newsletter. */
import type { NewsletterRow } from '../../../core/server/db/tables';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';
import type { TimelineWeek } from '../../subscribers/server/public';

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

type TimelineEntry = NonNullable<NewsletterSummary['stats']['timeline']>[number];

/**
 * One newsletter as the spec's publish panel and spotlight read it: with its testers and the
 * subscriber timeline, one entry a week (the subscribers at its end, by medium and in total).
 */
export function presentNewsletterDetail(row: NewsletterRow, testers: string[], weeks: TimelineWeek[]): NewsletterSummary {
  const byDate = new Map<string, TimelineEntry>();
  for (const week of weeks) {
    const entry = byDate.get(week.date) ?? { newsletterId: row.id, date: week.date, total: 0, email: 0, notification: 0 };
    entry[week.medium] = week.subscribers;
    entry.total = entry.email + entry.notification;
    byDate.set(week.date, entry);
  }
  const summary = presentNewsletter(row);
  return { ...summary, testers, stats: { ...summary.stats, timeline: [...byDate.values()] } };
}
