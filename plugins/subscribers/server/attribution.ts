/**
 * Unsubscriptions counted for an issue (issue 30): those of the newsletter from the issue's
 * hand-over until the next issue's, as a correlated count the issues plugin joins to its rows, so
 * that the issue list reads its results in one statement. A complaint's own unsubscription
 * (constants.bounces.complaintReason) is left out: the issue counts it as a complaint.
 */
import { sql, type RawBuilder } from 'kysely';
import { constants } from '../../../core/shared/config';

/** `(select count ...)` of a newsletter's unsubscriptions in [from, until); the arguments are columns of the outer query. */
export function unsubscriptionsBetween(newsletterId: RawBuilder<string>, from: RawBuilder<Date | null>, until: RawBuilder<Date | null>): RawBuilder<number> {
  // The partial index subscription_events_unsubscriptions (newsletter_id, created_at) include (reason)
  // counts it alone, both bounds in its range (migration 007).
  return sql<number>`(select count(*)::int from subscription_events unsubscription
    where unsubscription.type = 'unsubscription' and unsubscription.newsletter_id = ${newsletterId}
      and unsubscription.created_at >= ${from} and unsubscription.created_at < ${until}
      and unsubscription.reason is distinct from ${constants.bounces.complaintReason})`;
}
