/**
 * What a bounce or complaint does (decision 0034), wherever it came from (the bounce listener, a
 * provider's webhook): the delivered copy it names records it, for the publish page's counts, and
 * the subscribers plugin suppresses the copy's address for the publisher of the copy's newsletter
 * (at once for a hard bounce or a complaint, after repeated soft ones) and ends the subscription
 * of a complaint.
 *
 * A report counts only for the one copy it names, by the copy's signed VERP address or, from a
 * provider that signs its calls, our Message-ID together with the address it was sent to; and only
 * when every address it names is that copy's recipient. An address named inside a report is never
 * looked up on its own: anyone who holds a VERP address (a reader of one copy, a publisher who
 * mails itself) could otherwise name any reader of any publisher. The copies of a deleted issue
 * are kept for deletedCopyDays (migration 010), so that its late reports still find their copy.
 *
 * A copy applies each kind once, and only when it is worse than what came back before (nothing,
 * soft, hard, complaint): the same report or event delivered again, or replayed, changes nothing,
 * and soft bounces count once per copy (the limit counts issues that did not arrive).
 */
import { sql } from 'kysely';
import { findNewsletter } from '../../../../core/server/store';
import { constants } from '../../../../core/shared/config';
import { recordBounce, type BounceKind } from '../../../subscribers/server/public';
import type { IssuesDb } from '../store';
import type { VerpDelivery } from './verp';

/** Days after it left that a deleted issue's copy still takes its bounces and complaints (then it is pruned). */
const { deletedCopyDays } = constants.bounces;

/** One bounce or complaint, with what identifies the copy it is about. */
export interface BounceEvent {
  kind: BounceKind;
  answer: string;
  /** The addresses the report or event names as the recipient (any case); each must be the copy's own. */
  named: readonly string[];
  /** The copy's VERP return path, read and verified. */
  verp?: VerpDelivery | null;
  /** The copy's Message-ID (`<issue.subscriber@host>`, sender.ts): counts only with the address it was sent to among `named`. */
  messageId?: string | null;
}

interface CopyFound {
  issue_id: string;
  subscriber_id: string;
  email: string;
  newsletter_id: string;
  /** What came back about it already. */
  bounce: BounceKind | null;
  /** The copy of a deleted issue (deleted_issue_copies), not a delivery. */
  deleted: boolean;
}

const messageIdPattern = /^<?([0-9a-f-]{36})\.([0-9a-f-]{36})@[^>]+>?$/i;

/** The copy the event names: its issue's delivery, else the kept copy of a deleted issue still within its days. */
async function findCopy(db: IssuesDb, event: BounceEvent): Promise<CopyFound | undefined> {
  let subscriberId: string;
  let issueMatch;
  if (event.verp) {
    subscriberId = event.verp.subscriberId;
    issueMatch = (column: string) => sql`${sql.ref(column)} like ${`${event.verp!.issuePrefix}%`}`;
  } else {
    const ids = event.messageId?.trim().match(messageIdPattern);
    // A Message-ID is no secret: it counts only for the address it was sent to, which the event must name.
    if (!ids || event.named.length === 0) return undefined;
    const issueId = ids[1]!.toLowerCase();
    subscriberId = ids[2]!.toLowerCase();
    issueMatch = (column: string) => sql`${sql.ref(column)} = ${issueId}`;
  }
  const live = await sql<CopyFound>`
    select d.issue_id, d.subscriber_id, d.email, i.newsletter_id, d.bounce, false as deleted
    from issue_deliveries d join issues i on i.id = d.issue_id
    where d.medium = 'email' and d.subscriber_id = ${subscriberId} and ${issueMatch('i.id')}
    limit 1`.execute(db);
  if (live.rows[0]) return live.rows[0];
  const kept = await sql<CopyFound>`
    select issue_id, subscriber_id, email, newsletter_id, bounce, true as deleted
    from deleted_issue_copies
    where subscriber_id = ${subscriberId} and ${issueMatch('issue_id')}
      and sent_at > now() - make_interval(days => ${deletedCopyDays})
    limit 1`.execute(db);
  return kept.rows[0];
}

const rankOf: Record<BounceKind, number> = { soft: 1, hard: 2, complaint: 3 };

/** Sets the copy's bounce from `from` to `to` when it is still `from` (compare and set); answers whether it did. */
async function markCopy(db: IssuesDb, copy: CopyFound, from: BounceKind | null, to: BounceKind | null): Promise<boolean> {
  const { rows } = copy.deleted
    ? await sql`
        update deleted_issue_copies set bounce = ${to}
        where subscriber_id = ${copy.subscriber_id} and issue_id = ${copy.issue_id} and bounce is not distinct from ${from}
        returning 1 as marked`.execute(db)
    : await sql`
        update issue_deliveries set bounce = ${to}
        where issue_id = ${copy.issue_id} and medium = 'email' and subscriber_id = ${copy.subscriber_id} and bounce is not distinct from ${from}
        returning 1 as marked`.execute(db);
  return rows.length > 0;
}

/** Applies a bounce or complaint to the copy it names; answers 1 when the copy's address is now suppressed for its publisher, else 0. */
export async function applyBounce(db: IssuesDb, event: BounceEvent): Promise<number> {
  const copy = await findCopy(db, event);
  if (!copy) return 0;
  const recipient = copy.email.trim().toLowerCase();
  if (event.named.some((address) => address.trim().toLowerCase() !== recipient)) return 0;
  if (copy.bounce && rankOf[copy.bounce] >= rankOf[event.kind]) return 0;
  // Compare and set: of the same event twice at once, one finds the copy as it read it and applies.
  if (!(await markCopy(db, copy, copy.bounce, event.kind))) return 0;
  const newsletter = await findNewsletter(db, copy.newsletter_id);
  if (!newsletter) return 0;
  try {
    const suppressed = await recordBounce(db, {
      publisherId: newsletter.publisher_id,
      email: copy.email,
      kind: event.kind,
      answer: event.answer,
      newsletterIds: [newsletter.id],
    });
    return suppressed ? 1 : 0;
  } catch (error) {
    // Not recorded: the copy as it was, so that the report sent again (the listener answers 451) applies.
    await markCopy(db, copy, event.kind, copy.bounce);
    throw error;
  }
}

/** Deletes the kept copies of deleted issues that left more than deletedCopyDays ago: no report counts for them any more. */
export async function pruneDeletedCopies(db: IssuesDb): Promise<void> {
  await sql`delete from deleted_issue_copies where sent_at <= now() - make_interval(days => ${deletedCopyDays})`.execute(db);
}
