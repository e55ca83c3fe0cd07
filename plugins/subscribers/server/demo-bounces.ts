/**
 * The demo's bounces and complaints (decision 0034), as a sent demo issue left them: three
 * addresses that bounced for good and one that bounced for now, among the readers it went to, and
 * one reader who reported it as spam and so left the newsletter (an unsubscription with
 * constants.bounces.complaintReason) but still reads another newsletter of the publisher, where
 * the address shows as complained and gets nothing more. The issues plugin's seed calls it for
 * the issue and marks the copies; a few small statements, the addresses chosen by the data (the
 * same ones for the same rows).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { findNewsletter, newslettersOfPublisher } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { subscriberCounts, type SubscribersDb } from './store';
import type { BounceKind } from './tables';

/** A copy of the issue that came back: the reader it went to, and what came back. */
export interface DemoBounce {
  subscriberId: string;
  email: string;
  name: string;
  kind: BounceKind;
  /** False for the complainant: no longer a subscriber, so not among the copies made from the subscribers of today. */
  stillSubscribed: boolean;
}

/** What the mail servers answered, one per bounce, in order: three for good, then one for now. */
const demoAnswers: [BounceKind, string][] = [
  ['hard', '550 5.1.1 The email account that you tried to reach does not exist'],
  ['hard', '550 5.5.0 Requested action not taken: mailbox unavailable'],
  ['hard', '550 5.1.1 <recipient>: Recipient address rejected: User unknown in virtual mailbox table'],
  ['soft', '452 4.2.2 The email account that you tried to reach is over quota'],
];
const complaintAnswer = 'Feedback report: abuse';
const minute = 60_000;

/**
 * Records the demo's bounces and the complaint for an issue of `newsletterId` sent at `sentAt`;
 * answers the copies to mark. The bounced readers are the newest e-mail subscribers who had
 * joined a day before the send; the complainant is the oldest e-mail subscriber of the
 * publisher's next newsletter, who read this one too until the complaint.
 */
export async function seedDemoBounces(db: SubscribersDb, newsletterId: string, sentAt: Date): Promise<DemoBounce[]> {
  const newsletter = await findNewsletter(db, newsletterId);
  if (!newsletter) return [];
  const bounced = await db
    .selectFrom('subscribers')
    .select(['id', 'email', 'name'])
    .where('newsletter_id', '=', newsletterId)
    .where('medium', '=', 'email')
    .where('created_at', '<=', new Date(sentAt.getTime() - 24 * 60 * minute))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(demoAnswers.length)
    .execute();
  const bounces: DemoBounce[] = bounced.map((row, index) => ({
    subscriberId: row.id,
    email: row.email,
    name: row.name,
    kind: demoAnswers[index]![0],
    stillSubscribed: true,
  }));
  const rows = bounced.map((row, index) => {
    const [kind, answer] = demoAnswers[index]!;
    const at = new Date(sentAt.getTime() + (10 + index) * minute);
    return {
      publisher_id: newsletter.publisher_id,
      email: row.email.toLowerCase(),
      kind,
      soft_count: kind === 'soft' ? 1 : 0,
      answer,
      suppressed_at: kind === 'soft' ? null : at,
      updated_at: at,
    };
  });

  const other = (await newslettersOfPublisher(db, newsletter.publisher_id, { subscriberCounts: subscriberCounts(db) })).find(
    (candidate) => candidate.id !== newsletterId,
  );
  const reader =
    other &&
    (await db
      .selectFrom('subscribers')
      .select(['email', 'name', 'created_at'])
      .where('newsletter_id', '=', other.id)
      .where('medium', '=', 'email')
      // Generated names can meet: not one who reads this newsletter still.
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('subscribers as here').where('here.newsletter_id', '=', newsletterId).whereRef('here.email', '=', 'subscribers.email'))),
      )
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst());
  if (reader) {
    const complainedAt = new Date(sentAt.getTime() + 3 * 60 * minute);
    const subscriberId = randomUUID();
    await leaveByComplaint(db, {
      newsletterId,
      subscriberId,
      email: reader.email.toLowerCase(),
      name: reader.name,
      joinedAt: reader.created_at,
      leftAt: complainedAt,
    });
    rows.push({
      publisher_id: newsletter.publisher_id,
      email: reader.email.toLowerCase(),
      kind: 'complaint',
      soft_count: 0,
      answer: complaintAnswer,
      suppressed_at: complainedAt,
      updated_at: complainedAt,
    });
    bounces.push({ subscriberId, email: reader.email.toLowerCase(), name: reader.name, kind: 'complaint', stillSubscribed: false });
  }
  if (rows.length > 0)
    await db
      .insertInto('mail_bounces')
      .values(rows)
      .onConflict((conflict) => conflict.columns(['publisher_id', 'email']).doNothing())
      .execute();
  return bounces;
}

/**
 * A former subscriber of the newsletter who joined at `joinedAt` (by the web) and left at
 * `leftAt` by reporting an issue as spam: both events, their daily counts and the address on the
 * newsletter's suppression list, in one statement, as the demo's other departures are written.
 */
async function leaveByComplaint(
  db: SubscribersDb,
  who: { newsletterId: string; subscriberId: string; email: string; name: string; joinedAt: Date; leftAt: Date },
) {
  await sql`
    with joined as (
      insert into subscription_events (id, newsletter_id, subscriber_id, type, source, reason, email, name, created_at)
      values (${who.subscriberId}, ${who.newsletterId}, ${who.subscriberId}, 'subscription', 'web', null, ${who.email}, ${who.name}, ${who.joinedAt}::timestamptz),
        (${randomUUID()}, ${who.newsletterId}, ${who.subscriberId}, 'unsubscription', 'email', ${constants.bounces.complaintReason}, ${who.email}, ${who.name}, ${who.leftAt}::timestamptz)
      returning type, source, created_at
    ), suppressed as (
      insert into unsubscribed (newsletter_id, email, created_at) values (${who.newsletterId}, ${who.email}, ${who.leftAt}::timestamptz)
      on conflict (newsletter_id, email) do nothing
    )
    insert into subscription_daily (newsletter_id, date, type, source, count)
    select ${who.newsletterId}, (created_at at time zone 'UTC')::date, type, source, count(*) from joined group by 2, 3, 4
    on conflict (newsletter_id, date, type, source) do update set count = subscription_daily.count + excluded.count`.execute(db);
}
