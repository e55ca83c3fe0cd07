/**
 * The audience of a send, defined once (issue 55): the newsletter's e-mail subscribers less the
 * addresses its publisher no longer mails (suppressed after bounces and complaints), and its app
 * subscribers; for an issue, less those it already has a delivery for (a reschedule goes only to the
 * others). It counts the recipients addRecipients adds (deliveries.ts recipientsOf), so the publish
 * page's summary, checklist and confirmation say before a send what its progress counts once it
 * runs. The suppressed addresses are counted apart, so that the page can say why the e-mail
 * audience is smaller than the newsletter's e-mail subscribers (the home's weekly spotlight).
 */
import { sql } from 'kysely';
import { subscribersQuery, suppressedEmails } from '../../subscribers/server/public';
import { recipientsOf } from './deliveries';
import type { DeliveryMedium } from './tables';
import type { IssuesDb } from './store';

export interface Audience {
  recipients: Record<DeliveryMedium, number>;
  /** E-mail subscribers left out because their address is suppressed. */
  suppressed: number;
}

export async function audienceOf(db: IssuesDb, issueId: string, newsletterId: string): Promise<Audience> {
  const count = async (medium: DeliveryMedium) =>
    (
      await sql<{ count: number }>`
        select count(*)::int as count from (${recipientsOf(db, newsletterId, medium)}) r
        where not exists (select 1 from issue_deliveries d where d.issue_id = ${issueId} and d.medium = ${medium} and d.subscriber_id = r.id)`.execute(db)
    ).rows[0]!.count;
  const suppressed = async () =>
    (
      await sql<{ count: number }>`
        select count(*)::int as count from (${subscribersQuery(db, newsletterId, { medium: 'email' })}) s
        where lower(s.email) in (${suppressedEmails(db, newsletterId)})`.execute(db)
    ).rows[0]!.count;
  const [email, notification, left] = await Promise.all([count('email'), count('notification'), suppressed()]);
  return { recipients: { email, notification }, suppressed: left };
}
