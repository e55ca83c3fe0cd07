/**
 * What a bounce or complaint does (decision 0034), wherever it came from (the bounce listener, a
 * provider's webhook): the delivered copy it names records it, for the publish page's counts, and
 * the subscribers plugin suppresses the address for the publisher (at once for a hard bounce or
 * a complaint, after repeated soft ones) and ends the subscription of a complaint.
 */
import { sql } from 'kysely';
import { findNewsletter } from '../../../../core/server/store';
import { publishersOf, recordBounce, type BounceKind } from '../../../subscribers/server/public';
import type { IssuesDb } from '../store';
import type { VerpDelivery } from './verp';

/** One bounce or complaint, with what identifies the copy it is about (any of them may be missing). */
export interface BounceEvent {
  kind: BounceKind;
  answer: string;
  /** The address that bounced or complained, as the report or provider says. */
  email?: string | null;
  /** The copy's VERP return path, read and verified. */
  verp?: VerpDelivery | null;
  /** The copy's Message-ID (`<issue.subscriber@host>`, sender.ts). */
  messageId?: string | null;
}

interface DeliveryFound {
  issue_id: string;
  subscriber_id: string;
  email: string;
  newsletter_id: string;
}

const messageIdPattern = /^<?([0-9a-f-]{36})\.([0-9a-f-]{36})@[^>]+>?$/i;

async function findDelivery(db: IssuesDb, event: BounceEvent): Promise<DeliveryFound | undefined> {
  let which;
  if (event.verp) {
    which = sql`d.subscriber_id = ${event.verp.subscriberId} and d.issue_id in (select id from issues where id like ${`${event.verp.issuePrefix}%`})`;
  } else {
    const ids = event.messageId?.trim().match(messageIdPattern);
    if (!ids) return undefined;
    // A Message-ID is no secret: it counts only for the address it was sent to.
    which = sql`d.issue_id = ${ids[1]} and d.subscriber_id = ${ids[2]} and lower(d.email) = lower(${event.email ?? ''})`;
  }
  const { rows } = await sql<DeliveryFound>`
    select d.issue_id, d.subscriber_id, d.email, i.newsletter_id
    from issue_deliveries d join issues i on i.id = d.issue_id
    where d.medium = 'email' and ${which}
    limit 1`.execute(db);
  return rows[0];
}

/** Applies a bounce or complaint; answers how many publishers now suppress the address (0: none, or nothing found). */
export async function applyBounce(db: IssuesDb, event: BounceEvent): Promise<number> {
  const delivery = await findDelivery(db, event);
  const newsletter = delivery && (await findNewsletter(db, delivery.newsletter_id));
  if (delivery && newsletter) {
    await sql`
      update issue_deliveries set bounce = case
        when bounce = 'complaint' or ${event.kind} = 'complaint' then 'complaint'
        when bounce = 'hard' or ${event.kind} = 'hard' then 'hard'
        else 'soft' end
      where issue_id = ${delivery.issue_id} and medium = 'email' and subscriber_id = ${delivery.subscriber_id}`.execute(db);
    const suppressed = await recordBounce(db, {
      publisherId: newsletter.publisher_id,
      email: delivery.email,
      kind: event.kind,
      answer: event.answer,
      newsletterIds: [delivery.newsletter_id],
    });
    return suppressed ? 1 : 0;
  }
  // Only an address (a provider's event for mail it cannot tie to a copy): every publisher that mails it.
  if (!event.email) return 0;
  const byPublisher = new Map<string, string[]>();
  for (const { publisherId, newsletterId } of await publishersOf(db, event.email))
    byPublisher.set(publisherId, [...(byPublisher.get(publisherId) ?? []), newsletterId]);
  let suppressed = 0;
  for (const [publisherId, newsletterIds] of byPublisher)
    if (await recordBounce(db, { publisherId, email: event.email, kind: event.kind, answer: event.answer, newsletterIds })) suppressed++;
  return suppressed;
}
