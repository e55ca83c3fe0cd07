/** What a client sees of one newsletter with its timeline (in lists and cards: the core's presentNewsletter). */
import { presentNewsletter } from '../../../core/server/present';
import type { NewsletterRow } from '../../../core/server/db/tables';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';
import type { SubscriberWeek } from './timeline';

type TimelineEntry = NonNullable<NewsletterSummary['stats']['timeline']>[number];

/**
 * One newsletter as the spec's publish panel and spotlight read it: with the subscriber timeline,
 * one entry a week (the subscribers at its end, by medium and in total).
 */
export function presentNewsletterDetail(row: NewsletterRow, weeks: SubscriberWeek[]): NewsletterSummary {
  const byDate = new Map<string, TimelineEntry>();
  for (const week of weeks) {
    const entry = byDate.get(week.date) ?? { newsletterId: row.id, date: week.date, total: 0, email: 0, notification: 0 };
    entry[week.medium] = week.subscribers;
    entry.total = entry.email + entry.notification;
    byDate.set(week.date, entry);
  }
  const summary = presentNewsletter(row);
  return { ...summary, stats: { ...summary.stats, timeline: [...byDate.values()] } };
}
