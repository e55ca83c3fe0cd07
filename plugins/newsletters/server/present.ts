/** What a client sees of newsletters: with their subscriber counts, and one with its timeline (the record itself: the core's presentNewsletter). */
import { presentNewsletter } from '../../../core/server/present';
import type { NewsletterRow } from '../../../core/server/db/tables';
import type { Extensions } from '../../../core/server/plugins/extension-points';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';
import { subscribersOf } from './subscriber-counts';
import type { SubscriberWeek } from './timeline';

type TimelineEntry = NonNullable<NewsletterSummary['stats']['timeline']>[number];

/** Newsletters as lists and cards show them, each with its subscribers (subscriber-counts.ts: one read for all). */
export async function presentNewsletters(context: { extensions: Extensions }, rows: NewsletterRow[]): Promise<NewsletterSummary[]> {
  const counts = await subscribersOf(
    context,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentNewsletter(row, counts.get(row.id) ?? 0));
}

/** One newsletter as lists and cards show it. */
export async function presentOneNewsletter(context: { extensions: Extensions }, row: NewsletterRow): Promise<NewsletterSummary> {
  const [presented] = await presentNewsletters(context, [row]);
  return presented!;
}

/**
 * One newsletter as the spec's publish panel and spotlight read it: with the subscriber timeline,
 * one entry a week (the subscribers at its end, by medium and in total).
 */
export function presentNewsletterDetail(summary: NewsletterSummary, weeks: SubscriberWeek[]): NewsletterSummary {
  const byDate = new Map<string, TimelineEntry>();
  for (const week of weeks) {
    const entry = byDate.get(week.date) ?? { newsletterId: summary._id, date: week.date, total: 0, email: 0, notification: 0 };
    entry[week.medium] = week.subscribers;
    entry.total = entry.email + entry.notification;
    byDate.set(week.date, entry);
  }
  return { ...summary, stats: { ...summary.stats, timeline: [...byDate.values()] } };
}
