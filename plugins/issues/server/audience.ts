/**
 * Who a publication of an issue would reach now, counted from the recipients addRecipients adds
 * (deliveries.ts): the newsletter's subscribers of each medium, less suppressed addresses and those
 * the issue already has a delivery for (a reschedule goes only to the others). The publish page's
 * confirmation says these numbers before anything is sent.
 */
import { sql } from 'kysely';
import { recipientsOf } from './deliveries';
import type { DeliveryMedium } from './tables';
import type { IssuesDb } from './store';

export type Audience = Record<DeliveryMedium, number>;

export async function audienceOf(db: IssuesDb, issueId: string, newsletterId: string): Promise<Audience> {
  const count = async (medium: DeliveryMedium) =>
    (
      await sql<{ count: number }>`
        select count(*)::int as count from (${recipientsOf(db, newsletterId, medium)}) r
        where not exists (select 1 from issue_deliveries d where d.issue_id = ${issueId} and d.medium = ${medium} and d.subscriber_id = r.id)`.execute(db)
    ).rows[0]!.count;
  const [email, notification] = await Promise.all([count('email'), count('notification')]);
  return { email, notification };
}
