/**
 * Members brought by an import from another platform (plugins/imports, issue 56), written a batch
 * at a time: a subscribed member becomes a subscriber dated when they subscribed there (their
 * consent's date: the row, its subscription event, the day's rollup and the week's point), with
 * their labels; an unsubscribed one goes on the newsletter's unsubscribed list, and a cleaned one
 * (an address that bounced there) is suppressed for the publisher: neither is ever mailed. An
 * address that subscribes already keeps its row (it may get labels), and one that left this
 * newsletter is never signed up again. A dry run reads the same and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { clock } from '../../../core/server/clock';
import { addToCount, type PayingEmails, type SubscribersDb } from './store';

export interface ImportedMember {
  /** Lower-case, checked by the caller; once per batch. */
  email: string;
  name: string;
  state: 'subscribed' | 'unsubscribed' | 'cleaned';
  /** When they subscribed, as the source dates it; the import's time when it does not say. */
  since: Date | null;
  /** When an unsubscribed member left, where the source says (Mailchimp's UNSUB_TIME); else `since`. */
  leftAt?: Date | null;
  labels: string[];
}

export type MemberOutcome =
  /** A new subscriber. */
  | { result: 'added'; subscriberId: string }
  /** Subscribes already; the labels the import gave them that they did not have. */
  | { result: 'existing'; subscriberId: string; labelsAdded: string[] }
  /** Left this newsletter before: an import never signs them up again. */
  | { result: 'left' }
  /** On the newsletter's unsubscribed list: never mailed. */
  | { result: 'unsubscribed' }
  /** Unsubscribed in the source, but subscribes here now: left as they are. */
  | { result: 'subscribes'; subscriberId: string }
  /** Suppressed for the publisher: never mailed. */
  | { result: 'suppressed' };

export interface MemberBatchTarget {
  publisherId: string;
  newsletterId: string;
  /** What the bounce record says of a cleaned address ('Cleaned in Mailchimp before the import.'). */
  cleanedAnswer: string;
  dryRun: boolean;
  /** The payers: an address that pays already comes in paid. */
  payingEmails: PayingEmails;
}

/** Writes (or, in a dry run, weighs) a batch of members in one transaction; answers each member's outcome, in order. */
export async function importMembers(db: SubscribersDb, target: MemberBatchTarget, members: readonly ImportedMember[]): Promise<MemberOutcome[]> {
  if (members.length === 0) return [];
  const work = async (tx: SubscribersDb) => {
    const { newsletterId } = target;
    const emails = members.map((member) => member.email);
    const [existingRows, leftRows] = await Promise.all([
      tx
        .selectFrom('subscribers')
        .select(['id', sql<string>`lower(email)`.as('email')])
        .where('newsletter_id', '=', newsletterId)
        .where(sql<boolean>`lower(email) = any(${emails}::text[])`)
        .execute(),
      tx
        .selectFrom('unsubscribed')
        .select('email')
        .where('newsletter_id', '=', newsletterId)
        .where(sql<boolean>`email = any(${emails}::text[])`)
        .execute(),
    ]);
    const existing = new Map(existingRows.map((row) => [row.email, row.id]));
    const left = new Set(leftRows.map((row) => row.email));

    const joining = members.filter((member) => member.state === 'subscribed' && !existing.has(member.email) && !left.has(member.email));
    const added = target.dryRun ? new Map(joining.map((member) => [member.email, ''])) : await addSubscribers(tx, target, joining);
    // Someone who subscribed between the look-up and the insert is an existing subscriber.
    const raced = joining.filter((member) => !added.has(member.email));
    if (raced.length > 0) for (const row of await idsOf(tx, newsletterId, raced)) existing.set(row.email, row.id);

    const labelled = members.filter(
      (member) => member.state === 'subscribed' && member.labels.length > 0 && (existing.has(member.email) || added.has(member.email)),
    );
    const newLabels = await addLabels(tx, target, labelled, (email) => existing.get(email) ?? added.get(email)!);

    const leaving = members.filter((member) => member.state === 'unsubscribed' && !existing.has(member.email));
    const cleaned = members.filter((member) => member.state === 'cleaned');
    if (!target.dryRun) {
      await keepUnsubscribed(tx, newsletterId, leaving);
      await suppress(tx, target, cleaned);
    }

    return members.map((member): MemberOutcome => {
      if (member.state === 'cleaned') return { result: 'suppressed' };
      const subscriberId = existing.get(member.email);
      if (member.state === 'unsubscribed') return subscriberId ? { result: 'subscribes', subscriberId } : { result: 'unsubscribed' };
      if (subscriberId) return { result: 'existing', subscriberId, labelsAdded: newLabels.get(member.email) ?? [] };
      if (left.has(member.email)) return { result: 'left' };
      return { result: 'added', subscriberId: added.get(member.email) ?? '' };
    });
  };
  return target.dryRun ? work(db) : db.transaction().execute(work);
}

async function idsOf(db: SubscribersDb, newsletterId: string, members: readonly ImportedMember[]) {
  return db
    .selectFrom('subscribers')
    .select(['id', sql<string>`lower(email)`.as('email')])
    .where('newsletter_id', '=', newsletterId)
    .where(sql<boolean>`lower(email) = any(${members.map((member) => member.email)}::text[])`)
    .execute();
}

/**
 * Inserts the new subscribers in one statement, each dated when they subscribed, with their
 * subscription events and the days' rollup; then the weeks' points and the kept count. Answers the
 * ids of those inserted, by address.
 */
async function addSubscribers(db: SubscribersDb, target: MemberBatchTarget, members: readonly ImportedMember[]): Promise<Map<string, string>> {
  if (members.length === 0) return new Map();
  const { newsletterId, payingEmails } = target;
  const now = clock.now();
  const paid = payingEmails ? sql<boolean>`exists (select 1 from (${payingEmails}) as paying where paying.email = input.email)` : sql<boolean>`false`;
  const { rows } = await sql<{ id: string; email: string; week: string }>`
    with input as (
      select * from unnest(${members.map(() => randomUUID())}::text[], ${members.map(() => randomUUID())}::text[],
        ${members.map((member) => member.email)}::text[], ${members.map((member) => member.name)}::text[],
        ${members.map((member) => (member.since ?? now).toISOString())}::timestamptz[])
        as rows (id, event_id, email, name, created_at)
    ), added as (
      insert into subscribers (id, newsletter_id, email, name, city, medium, source, created_at, paid)
      select id, ${newsletterId}, email, name, '', 'email', '', created_at, ${paid} from input
      where not exists (select 1 from unsubscribed u where u.newsletter_id = ${newsletterId} and u.email = input.email)
      on conflict (newsletter_id, lower(email)) do nothing
      returning id, email, created_at
    ), events as (
      insert into subscription_events (id, newsletter_id, subscriber_id, type, source, reason, email, name, created_at)
      select input.event_id, ${newsletterId}, added.id, 'subscription', '', null, added.email, input.name, added.created_at from added join input using (id)
      returning created_at
    ), daily as (
      insert into subscription_daily (newsletter_id, date, type, source, count)
      select ${newsletterId}, (created_at at time zone 'UTC')::date, 'subscription', '', count(*) from events group by 2
      on conflict (newsletter_id, date, type, source) do update set count = subscription_daily.count + excluded.count
    )
    select id, email, to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week from added`.execute(db);
  const weeks = new Map<string, number>();
  for (const row of rows) weeks.set(row.week, (weeks.get(row.week) ?? 0) + 1);
  if (weeks.size > 0)
    await sql`
      insert into subscriber_stats (newsletter_id, date, type, medium, value)
      select ${newsletterId}, date, 'subscriptions', 'email', value
      from unnest(${[...weeks.keys()]}::date[], ${[...weeks.values()]}::integer[]) as weeks (date, value)
      on conflict (newsletter_id, type, medium, date) do update set value = subscriber_stats.value + excluded.value`.execute(db);
  await addToCount(db, newsletterId, rows.length);
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** Gives subscribers their labels; answers, by address, the labels each did not have (in a dry run, without giving them). */
async function addLabels(
  db: SubscribersDb,
  target: MemberBatchTarget,
  members: readonly ImportedMember[],
  idOf: (email: string) => string,
): Promise<Map<string, string[]>> {
  const pairs = members.flatMap((member) => [...new Set(member.labels)].map((label) => ({ email: member.email, id: idOf(member.email), label })));
  if (pairs.length === 0) return new Map();
  const ids = pairs.map((pair) => pair.id);
  const labels = pairs.map((pair) => pair.label);
  const { rows } = target.dryRun
    ? await sql<{ subscriber_id: string; label: string }>`
        select subscriber_id, label from unnest(${ids}::text[], ${labels}::text[]) as pairs (subscriber_id, label)
        where not exists (select 1 from subscriber_labels l where l.subscriber_id = pairs.subscriber_id and l.label = pairs.label)`.execute(db)
    : await sql<{ subscriber_id: string; label: string }>`
        insert into subscriber_labels (subscriber_id, newsletter_id, label)
        select subscriber_id, ${target.newsletterId}, label from unnest(${ids}::text[], ${labels}::text[]) as pairs (subscriber_id, label)
        on conflict (subscriber_id, label) do nothing
        returning subscriber_id, label`.execute(db);
  const emailOf = new Map(pairs.map((pair) => [pair.id, pair.email]));
  const added = new Map<string, string[]>();
  for (const row of rows) {
    const email = row.subscriber_id ? emailOf.get(row.subscriber_id) : undefined;
    if (email) added.set(email, [...(added.get(email) ?? []), row.label]);
  }
  // In a dry run a new subscriber has no id yet: all its labels are new.
  for (const pair of pairs) if (!pair.id && !added.get(pair.email)?.includes(pair.label)) added.set(pair.email, [...(added.get(pair.email) ?? []), pair.label]);
  return added;
}

/** Puts addresses on the newsletter's unsubscribed list, dated when they left (else when they came) where the source says. */
async function keepUnsubscribed(db: SubscribersDb, newsletterId: string, members: readonly ImportedMember[]): Promise<void> {
  if (members.length === 0) return;
  await sql`
    insert into unsubscribed (newsletter_id, email, created_at)
    select ${newsletterId}, email, created_at from unnest(${members.map((member) => member.email)}::text[],
      ${members.map((member) => (member.leftAt ?? member.since ?? clock.now()).toISOString())}::timestamptz[]) as rows (email, created_at)
    on conflict (newsletter_id, email) do nothing`.execute(db);
}

/** Suppresses addresses for the publisher, as a hard bounce (a complaint stays a complaint). */
async function suppress(db: SubscribersDb, target: MemberBatchTarget, members: readonly ImportedMember[]): Promise<void> {
  if (members.length === 0) return;
  const now = clock.now();
  await sql`
    insert into mail_bounces (publisher_id, email, kind, soft_count, answer, suppressed_at, updated_at)
    select ${target.publisherId}, email, 'hard', 0, ${target.cleanedAnswer}, ${now}::timestamptz, ${now}::timestamptz
    from unnest(${members.map((member) => member.email)}::text[]) as rows (email)
    on conflict (publisher_id, email) do update set
      kind = case when mail_bounces.kind = 'complaint' then 'complaint' else 'hard' end,
      suppressed_at = coalesce(mail_bounces.suppressed_at, excluded.suppressed_at),
      updated_at = excluded.updated_at`.execute(db);
}
