/**
 * Where the newsletters' subscriber counts come from: stats.subscribers of every newsletter the
 * plugin answers, and the list's sort by subscribers. An extension point of the newsletters plugin
 * (decision 0031): the subscribers plugin, which derives and keeps the counts, contributes them
 * (decision 0051, third step), as it does the timeline (timeline.ts); while no enabled plugin
 * does, every newsletter has none and the sort by subscribers is by id.
 */
import type { SubscriberCounts as CountsQuery } from '../../../core/server/store';
import { extensionPoint, type Extensions } from '../../../core/server/plugins/extension-points';

export interface SubscriberCounts {
  /** These newsletters' counts; a newsletter left out has none. */
  of(newsletterIds: readonly string[]): Promise<Map<string, number>>;
  /** Every newsletter's count as a subquery of (newsletter_id, count), for the core's list to sort by. */
  query: CountsQuery;
}

/** One source at most. */
export const newsletterSubscriberCounts = extensionPoint<SubscriberCounts>('newsletters.subscriber-counts', { single: true });

type Context = { extensions: Extensions };

/** The counts of these newsletters, by id (a newsletter left out has none). */
export async function subscribersOf(context: Context, newsletterIds: readonly string[]): Promise<Map<string, number>> {
  const source = context.extensions.one(newsletterSubscriberCounts);
  return source && newsletterIds.length > 0 ? source.of(newsletterIds) : new Map();
}

/** The counts as a subquery for the core's list, while a plugin keeps them. */
export const subscriberCountsQuery = (context: Context): CountsQuery | undefined => context.extensions.one(newsletterSubscriberCounts)?.query;
