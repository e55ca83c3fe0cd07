/** What a client sees of subscribers: the page's rows, the export's lines, the timeline's points. */
import { iso } from '../../../core/server/present';
import type { SubscriberStats } from '../../../schemas/generated/api/subscriber-stats';
import type { Subscription } from '../../../schemas/generated/entities/subscription';
import type { ListedSubscriberRow, SubscriberRow, TimelineWeek } from './store';
import type { SubscriberPlan } from './subscriber-plans';

/** A row of the page; `paid` is the address's plan while it pays for the newsletter (subscriber-plans.ts), else it is free. */
export function presentSubscription(row: ListedSubscriberRow, paid?: SubscriberPlan, labels?: string[]): Subscription {
  const type = paid ? { type: 'PAID' as const, ...(paid.plan && { plan: paid.plan }), paymentStatus: paid.status } : { type: 'FREE' as const };
  const subscription: Subscription = { _id: row.email, ...type, name: row.name, city: row.city, medium: row.medium, createdAt: iso(row.created_at) };
  if (labels?.length) subscription.labels = labels;
  if (row.bounce_kind && row.bounce_updated_at)
    subscription.bounce = {
      kind: row.bounce_kind,
      softCount: row.bounce_soft_count ?? 0,
      suppressed: row.bounce_suppressed_at !== null,
      answer: row.bounce_answer ?? '',
      updatedAt: iso(row.bounce_updated_at),
    };
  return subscription;
}

/** The export's columns, in this order (the import reads the same header back). */
export const exportColumns = ['email', 'name', 'city', 'created_at'] as const;

export function exportLine(row: SubscriberRow): string[] {
  return [row.email, row.name, row.city, iso(row.created_at)];
}

type Point = SubscriberStats['data'][number];

/** Each week's total, sign-ups and departures by medium, as statistics points. */
export function presentTimeline(newsletterId: string, weeks: TimelineWeek[]): SubscriberStats {
  const point = (week: TimelineWeek, type: Point['type'], value: number): Point => ({
    date: week.date,
    value,
    type,
    medium: week.medium,
    parent: newsletterId,
    span: 1,
  });
  const data = (['subscribers', 'subscriptions', 'unsubscriptions'] as const).flatMap((type) => weeks.map((week) => point(week, type, week[type])));
  return { data, count: new Set(weeks.map((week) => week.date)).size };
}
