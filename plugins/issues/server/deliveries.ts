/**
 * The recipients of an issue and what became of each message (table issue_deliveries, see
 * migrations/002_sending.sql for the states). Every change is one statement, so a crash leaves
 * each row in a state that says what to do next. Its times (updated_at, next_at) are the sender's
 * pace, on real time like its leases, not the product's clock (core/server/clock.ts).
 */
import { sql } from 'kysely';
import { quickCommit } from '../../../core/server/db/quick-commit';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { recordBounce, stillSubscribed, subscribersQuery, suppressedEmails } from '../../subscribers/server/public';
import type { MailServerWait } from '../publishing';
import type { DeliveryMedium, DeliveryState } from './tables';
import type { IssuesDb } from './store';

export interface DeliveryCounts {
  total: number;
  sent: number;
  failed: number;
  doubt: number;
  pending: number;
}

export interface DeliveryFailure {
  email: string;
  answer: string;
  at: string;
}

export interface DeliveryProgress {
  email: DeliveryCounts;
  notification: DeliveryCounts;
  failures: DeliveryFailure[];
  /** Null while the mail server answers. */
  mailServer: MailServerWait | null;
}

/** Keeps what the run sending the issue waits for (null: nothing), for whichever process answers the publish page. */
export async function saveMailServerWait(db: IssuesDb, issueId: string, wait: MailServerWait | null): Promise<void> {
  await db
    .updateTable('issue_sending')
    .set({ mail_server: wait ? JSON.stringify(wait) : null })
    .where('issue_id', '=', issueId)
    .execute();
}

export interface Recipient {
  subscriber_id: string;
  email: string;
  name: string;
  attempts: number;
  /** The subject line the copy carries (decision 0058). */
  variant: number;
}

/** What the server said about one message, as recorded. */
export interface Outcome {
  subscriberId: string;
  state: DeliveryState;
  answer: string;
  /** Counts a try (a temporary refusal counts towards the retry limit). */
  attempted: boolean;
  nextAt?: Date | null;
}

/**
 * Adds a row for every subscriber of the medium who has none yet for this issue: a first send
 * takes everyone, a reschedule only those who never had a row. E-mail addresses the publisher no
 * longer mails (a hard bounce, a complaint, repeated soft bounces: decision 0034) are left out.
 * One statement, made by the database (the subscribers plugin gives the subqueries that read its
 * tables). Their copies carry `variant` (after a subject test, the winner's).
 */
export async function addRecipients(db: IssuesDb, issueId: string, newsletterId: string, medium: DeliveryMedium, variant = 0): Promise<void> {
  await sql`
    insert into issue_deliveries (issue_id, medium, subscriber_id, email, name, variant)
    select ${issueId}, ${medium}, r.id, r.email, r.name, ${variant}::smallint
    from (${recipientsOf(db, newsletterId, medium)}) r
    on conflict do nothing`.execute(db);
  // Fresh statistics, so that each message's write finds its row by the primary key.
  await sql`analyze issue_deliveries`.execute(db);
}

/**
 * Adds a subject test's recipients (decision 0058): `share` per cent of the e-mail audience, at
 * random but the same way for the issue every time (ranked by a digest of the issue and the
 * subscriber, which nobody chooses and no two issues share), split evenly between the `variants`
 * by that rank (their sizes differ by one at most). Only an issue with no e-mail copy yet gets
 * them, so a send resumed or asked twice never draws a second group. Answers how many were added.
 */
export async function addTestRecipients(db: IssuesDb, issueId: string, newsletterId: string, share: number, variants: number): Promise<number> {
  const result = await sql`
    insert into issue_deliveries (issue_id, medium, subscriber_id, email, name, variant)
    select ${issueId}, 'email', ranked.id, ranked.email, ranked.name, ((ranked.place - 1) % ${variants})::smallint
    from (
      select r.id, r.email, r.name, row_number() over (order by md5(${issueId} || ':' || r.id), r.id) as place, count(*) over () as audience
      from (${recipientsOf(db, newsletterId, 'email')}) r
    ) ranked
    where ranked.place <= round(ranked.audience * ${share} / 100.0)
      and not exists (select 1 from issue_deliveries d where d.issue_id = ${issueId} and d.medium = 'email')
    on conflict do nothing`.execute(db);
  await sql`analyze issue_deliveries`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The subscribers of a medium an issue goes to, as a subquery of id, email and name: suppressed addresses are left out of the e-mail. */
export function recipientsOf(db: IssuesDb, newsletterId: string, medium: DeliveryMedium) {
  const unsuppressed = medium === 'email' ? sql`where lower(s.email) not in (${suppressedEmails(db, newsletterId)})` : sql``;
  return sql`select s.id, s.email, s.name from (${subscribersQuery(db, newsletterId, { medium })}) s ${unsuppressed}`;
}

/**
 * After a sender stopped without finishing (a crash): what it had taken but not handed over goes
 * back to the queue; what it had handed over without an answer is in doubt.
 */
export async function recoverDeliveries(db: IssuesDb, issueId: string): Promise<void> {
  await sql`
    update issue_deliveries set state = case state when 'claimed' then 'pending' else 'doubt' end, updated_at = now()
    where issue_id = ${issueId} and state in ('claimed', 'sending')`.execute(db);
}

/**
 * Takes messages that are due for one run's connections, up to `limit` a claim; nobody else takes
 * them. Each claim reads on from the last subscriber taken (in the key's order), so that it reads
 * about what it takes, not every row already sent: a send of n messages reads n rows, not n²/limit.
 * When nothing is left after that point it starts again from the first (what came back to the
 * queue behind it). Connections claiming at once share the point; a stale one only costs reading
 * past rows another connection took.
 */
export function recipientClaims(db: IssuesDb, issueId: string, medium: DeliveryMedium, limit: number): () => Promise<Recipient[]> {
  let after: string | null = null;
  return async () => {
    let rows = await claimAfter(db, issueId, medium, limit, after);
    if (rows.length === 0 && after !== null) rows = await claimAfter(db, issueId, medium, limit, null);
    after = rows.at(-1)?.subscriber_id ?? after;
    if (rows.length === 0) return rows;
    // Whoever unsubscribed since the send began gets nothing more: their row ends as refused, with why.
    const stays = await stillSubscribed(
      db,
      rows.map((row) => row.subscriber_id),
    );
    const gone = rows.filter((row) => !stays.has(row.subscriber_id)).map((row) => row.subscriber_id);
    if (gone.length > 0)
      await db
        .updateTable('issue_deliveries')
        .set({ state: 'failed', answer: unsubscribedAnswer, next_at: null, updated_at: new Date() })
        .where('issue_id', '=', issueId)
        .where('medium', '=', medium)
        .where('subscriber_id', 'in', gone)
        .execute();
    return rows.filter((row) => stays.has(row.subscriber_id));
  };
}

/** Takes up to `limit` due messages whose subscriber comes after `after` (from the first when null), answered in the key's order. */
async function claimAfter(db: IssuesDb, issueId: string, medium: DeliveryMedium, limit: number, after: string | null): Promise<Recipient[]> {
  const { rows } = await sql<Recipient>`
    with claimed as (
      update issue_deliveries d set state = 'claimed', updated_at = now()
      from (
        select subscriber_id from issue_deliveries
        where issue_id = ${issueId} and medium = ${medium} and state = 'pending' and (next_at is null or next_at <= now())
          ${after === null ? sql`` : sql`and subscriber_id > ${after}`}
        order by subscriber_id
        limit ${limit}
        for update skip locked
      ) due
      where d.issue_id = ${issueId} and d.medium = ${medium} and d.subscriber_id = due.subscriber_id
      returning d.subscriber_id, d.email, d.name, d.attempts, d.variant
    )
    select * from claimed order by subscriber_id`.execute(db);
  return rows;
}

/** The answer recorded for a subscriber who left while the issue was being sent. */
export const unsubscribedAnswer = 'Unsubscribed before this issue reached them.';

/**
 * Records outcomes and marks the next message as handed over, in one statement: a connection
 * writes once per message, and after a crash at most the one message it was sending is in doubt.
 * On a PostgreSQL server the commit does not wait for the disk (core/server/db/quick-commit.ts):
 * the row is visible at once and survives our process dying; only a crash of the database server
 * itself could lose the last fraction of a second of answers (docs/decisions/0011). Waiting for
 * the disk at every message would cap a send at a few hundred messages per second. PGlite, which
 * dies with our process, waits.
 */
export async function recordOutcomes(db: IssuesDb, issueId: string, medium: DeliveryMedium, outcomes: Outcome[], handing: string[] = []): Promise<void> {
  const changes = [
    ...outcomes.map((outcome) => ({
      id: outcome.subscriberId,
      state: outcome.state,
      answer: outcome.answer,
      tries: outcome.attempted ? 1 : 0,
      nextAt: outcome.nextAt ?? null,
    })),
    ...handing.map((id) => ({ id, state: 'sending' as const, answer: '', tries: 0, nextAt: null })),
  ];
  if (changes.length === 0) return;
  // The rows' values as arrays, joined to the rows by their key: one statement text for any
  // number of rows, prepared once per connection, which finds each row by the primary key.
  // set_config(..., true) lasts for this statement's own transaction, so the one round trip stays one.
  await sql`
    with quick as (${quickCommit})
    update issue_deliveries d
    set state = c.state, answer = c.answer, attempts = d.attempts + c.tries, next_at = c.next_at, updated_at = now()
    from quick, unnest(
      ${changes.map((change) => change.id)}::text[],
      ${changes.map((change) => change.state)}::text[],
      ${changes.map((change) => change.answer)}::text[],
      ${changes.map((change) => change.tries)}::int[],
      ${changes.map((change) => change.nextAt?.toISOString() ?? null)}::timestamptz[]
    ) as c(id, state, answer, tries, next_at)
    where d.issue_id = ${issueId} and d.medium = ${medium} and d.subscriber_id = c.id`.execute(db);
}

/** Writes of outcomes and hand-overs, as recordOutcomes takes them. */
export interface OutcomeWriter {
  write(outcomes: Outcome[], handing?: string[]): Promise<void>;
}

/**
 * Group commit for the connections of one send: what they ask to write while a statement is on
 * its way is joined into the next one, and each caller resumes once the statement carrying its
 * rows has committed. So every connection still records before it hands the next message over,
 * but eight connections make a few statements where they made eight (the database's work per
 * message was most of a send's). A batch is written at the end of the event loop's turn it was
 * begun in, so that on the embedded database, whose statements run on this thread, the answers
 * that arrived together are written together.
 */
export function outcomeWriter(db: IssuesDb, issueId: string, medium: DeliveryMedium): OutcomeWriter {
  interface Batch {
    outcomes: Outcome[];
    handing: string[];
    waiting: { resolve(): void; reject(error: unknown): void }[];
  }
  let next: Batch | null = null;
  let busy = false;
  const run = async () => {
    busy = true;
    while (next) {
      const batch: Batch = next;
      next = null;
      try {
        await recordOutcomes(db, issueId, medium, batch.outcomes, batch.handing);
        for (const waiter of batch.waiting) waiter.resolve();
      } catch (error) {
        for (const waiter of batch.waiting) waiter.reject(error);
      }
    }
    busy = false;
  };
  return {
    write: (outcomes, handing = []) =>
      new Promise<void>((resolve, reject) => {
        next ??= { outcomes: [], handing: [], waiting: [] };
        next.outcomes.push(...outcomes);
        next.handing.push(...handing);
        next.waiting.push({ resolve, reject });
        // Written at the end of this turn of the event loop, with whatever the other connections ask in it.
        if (!busy) {
          busy = true;
          setImmediate(() => void run());
        }
      }),
  };
}

/** Gives taken messages back (a stop, an error; all of the issue's when no ids): they were never handed over. */
export async function releaseClaimed(db: IssuesDb, issueId: string, subscriberIds?: string[]): Promise<void> {
  if (subscriberIds?.length === 0) return;
  const only = subscriberIds ? sql` and subscriber_id in (${sql.join(subscriberIds)})` : sql``;
  await sql`update issue_deliveries set state = 'pending', updated_at = now() where issue_id = ${issueId} and state = 'claimed'${only}`.execute(db);
}

/** When the next message of the medium is due, if any is still waiting. */
export async function nextDue(db: IssuesDb, issueId: string, medium: DeliveryMedium): Promise<Date | null | undefined> {
  const row = await db
    .selectFrom('issue_deliveries')
    .select(sql<Date | null>`min(coalesce(next_at, now()))`.as('due'))
    .where('issue_id', '=', issueId)
    .where('medium', '=', medium)
    .where('state', 'in', ['pending', 'claimed', 'sending'])
    .executeTakeFirst();
  return row?.due ? new Date(row.due) : undefined;
}

/** Sends failed or in-doubt messages again, when the operator asks; answers how many. */
export async function retryDeliveries(db: IssuesDb, issueId: string, state: 'failed' | 'doubt'): Promise<number> {
  const result = await db
    .updateTable('issue_deliveries')
    .set({ state: 'pending', attempts: 0, next_at: null, updated_at: new Date() })
    .where('issue_id', '=', issueId)
    .where('state', '=', state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Remembers an address that refused mail for good (a 5xx while sending): the newsletter's publisher mails it no more. */
export async function suppressAddress(db: IssuesDb, newsletterId: string, email: string, answer: string): Promise<void> {
  const newsletter = await findNewsletter(db, newsletterId);
  if (newsletter) await recordBounce(db, { publisherId: newsletter.publisher_id, email, kind: 'hard', answer });
}

/** How many of an issue's e-mails came back after the server took them: bounced for good, for now, or reported as spam. */
export interface BounceCounts {
  hard: number;
  soft: number;
  complaint: number;
}

/** The issue's bounce and complaint counts (decision 0034), for the publish page. */
export async function bounceCounts(db: IssuesDb, issueId: string): Promise<BounceCounts> {
  const rows = await db
    .selectFrom('issue_deliveries')
    .select(['bounce', sql<number>`count(*)::int`.as('count')])
    .where('issue_id', '=', issueId)
    .where('medium', '=', 'email')
    .where('bounce', 'is not', null)
    .groupBy('bounce')
    .execute();
  const counts: BounceCounts = { hard: 0, soft: 0, complaint: 0 };
  for (const row of rows) if (row.bounce) counts[row.bounce] = Number(row.count);
  return counts;
}

const emptyCounts = (): DeliveryCounts => ({ total: 0, sent: 0, failed: 0, doubt: 0, pending: 0 });

/** The counts per medium and the latest failures, for the publish page. */
export async function deliveryProgress(db: IssuesDb, issueId: string): Promise<DeliveryProgress> {
  const [rows, failures, sending] = await Promise.all([
    db
      .selectFrom('issue_deliveries')
      .select(['medium', 'state', sql<number>`count(*)::int`.as('count')])
      .where('issue_id', '=', issueId)
      .groupBy(['medium', 'state'])
      .execute(),
    db
      .selectFrom('issue_deliveries')
      .select(['email', 'answer', 'updated_at'])
      .where('issue_id', '=', issueId)
      .where('state', '=', 'failed')
      .orderBy('updated_at', 'desc')
      .limit(constants.delivery.failuresShown)
      .execute(),
    db.selectFrom('issue_sending').select('mail_server').where('issue_id', '=', issueId).where('finished_at', 'is', null).executeTakeFirst(),
  ]);
  const mailServer = sending?.mail_server ? (JSON.parse(sending.mail_server) as MailServerWait) : null;
  const progress: DeliveryProgress = { email: emptyCounts(), notification: emptyCounts(), failures: [], mailServer };
  for (const row of rows) {
    const counts = progress[row.medium];
    const count = Number(row.count);
    counts.total += count;
    if (row.state === 'sent' || row.state === 'failed' || row.state === 'doubt') counts[row.state] += count;
    else counts.pending += count;
  }
  progress.failures = failures.map((row) => ({ email: row.email, answer: row.answer, at: new Date(row.updated_at).toISOString() }));
  return progress;
}
