/**
 * Bounces and complaints per publisher and address (table mail_bounces, decision 0034). A hard
 * bounce or a complaint suppresses the address at once; soft bounces count, and suppress it at
 * constants.bounces.softLimit. A suppressed address gets nothing more from any newsletter of the
 * publisher until it subscribes again (changeSubscription deletes its row). A complaint also ends
 * the subscription, as an unsubscription with constants.bounces.complaintReason.
 */
import { sql } from 'kysely';
import { clock } from '../../../core/server/clock';
import { constants } from '../../../core/shared/config';
import { changeSubscription, type SubscribersDb } from './store';
import type { BounceKind } from './tables';

/** One bounce or complaint of an address, for a publisher; the newsletters it is about, when known (a complaint ends those subscriptions). */
export interface BounceRecord {
  publisherId: string;
  email: string;
  kind: BounceKind;
  answer: string;
  newsletterIds?: readonly string[];
}

/** Records a bounce or complaint; answers whether the address is now suppressed for the publisher. */
export async function recordBounce(db: SubscribersDb, record: BounceRecord): Promise<boolean> {
  const email = record.email.trim().toLowerCase();
  const now = clock.now();
  const soft = record.kind === 'soft' ? 1 : 0;
  const { rows } = await sql<{ suppressed: boolean }>`
    insert into mail_bounces (publisher_id, email, kind, soft_count, answer, suppressed_at, updated_at)
    values (${record.publisherId}, ${email}, ${record.kind}, ${soft}, ${record.answer.slice(0, 500)},
      ${record.kind === 'soft' && constants.bounces.softLimit > 1 ? null : now}, ${now})
    on conflict (publisher_id, email) do update set
      kind = case
        when mail_bounces.kind = 'complaint' or excluded.kind = 'complaint' then 'complaint'
        when mail_bounces.kind = 'hard' or excluded.kind = 'hard' then 'hard'
        else 'soft' end,
      soft_count = mail_bounces.soft_count + excluded.soft_count,
      answer = excluded.answer,
      suppressed_at = coalesce(mail_bounces.suppressed_at,
        case when excluded.kind <> 'soft' or mail_bounces.soft_count + excluded.soft_count >= ${constants.bounces.softLimit} then excluded.updated_at end),
      updated_at = excluded.updated_at
    returning suppressed_at is not null as suppressed`.execute(db);
  if (record.kind === 'complaint')
    for (const newsletterId of record.newsletterIds ?? [])
      await changeSubscription(db, { type: 'unsubscription', newsletterId, subscriber: { email }, source: 'email', reason: constants.bounces.complaintReason });
  return rows[0]?.suppressed === true;
}

/**
 * The addresses a newsletter's publisher no longer mails, as a subquery of `email` (lower-case),
 * for a statement of another plugin (an issue's recipients are chosen in one statement, so the
 * publisher is read inside it: the core's store has no subquery to give).
 */
export function suppressedEmails(db: SubscribersDb, newsletterId: string) {
  return (
    db
      .selectFrom('mail_bounces')
      .select('email')
      .where('suppressed_at', 'is not', null)
      // eslint-disable-next-line masthead/own-tables -- one statement: the newsletter's publisher as a subquery
      .where('publisher_id', '=', (eb) => eb.selectFrom('newsletters').select('publisher_id').where('id', '=', newsletterId))
  );
}
