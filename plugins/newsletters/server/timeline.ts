/**
 * Where a newsletter's weekly subscriber timeline comes from (GET /newsletters/list/{id}'s
 * stats.timeline, which the publish panel and the weekly spotlight read): an extension point of
 * the newsletters plugin (decision 0031). The subscribers plugin, which derives the figures,
 * contributes them; while no enabled plugin does, the timeline is empty. That keeps the dependency
 * one way: subscribers needs newsletters, never the reverse.
 */
import { extensionPoint, type Extensions } from '../../../core/server/plugins/extension-points';

/** One medium's week: its Monday ('yyyy-MM-dd', UTC) and the subscribers at its end. */
export interface SubscriberWeek {
  date: string;
  medium: 'email' | 'notification';
  subscribers: number;
}

/** The weeks from the first sign-up to this week, both media; one source at most. */
export const newsletterTimeline = extensionPoint<(newsletterId: string) => Promise<SubscriberWeek[]>>('newsletters.timeline', { single: true });

export async function timelineOf(context: { extensions: Extensions }, newsletterId: string): Promise<SubscriberWeek[]> {
  const source = context.extensions.one(newsletterTimeline);
  return source ? source(newsletterId) : [];
}
