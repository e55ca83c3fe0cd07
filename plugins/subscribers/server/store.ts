/**
 * The subscribers' queries. Lists read the newest first through (newsletter_id, created_at desc)
 * and take their unfiltered count from the newsletter's kept subscriber count (subscriber_counts),
 * so a page costs the same with ten subscribers or a million; every change of the rows keeps that
 * count, the weekly timeline (subscriber_stats), the subscription events (with their reasons) and
 * their daily rollup by source (subscription_daily) in step, inside the same transaction
 * (changeSubscription, or the import in bulk). The analytics' series read the rollup and never
 * scan the events.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { ownTables, type Handle } from '../../../core/server/db/database';
import { prefixPattern } from '../../../core/server/db/like';
import type { CoreTables, NewsletterRow } from '../../../core/server/db/tables';
import { findNewsletter, findNewsletterByKey, type SubscriberCounts } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import type { BounceKind, StoredSource, SubscriberTables, SubscriptionEventType, SubscriptionMedium, SubscriptionSource } from './tables';
import { clock } from '../../../core/server/clock';

export type SubscribersDb = Kysely<CoreTables & SubscriberTables>;

export const subscribersDb = (db: Handle): SubscribersDb => ownTables(db, 'subscribers');

export interface SubscriberRow {
  email: string;
  name: string;
  city: string;
  medium: SubscriptionMedium;
  created_at: Date;
}

/** A row of the subscribers page: the subscriber (by id, for its labels), and what came back from the address for the newsletter's publisher (all null when nothing did). */
export interface ListedSubscriberRow extends SubscriberRow {
  id: string;
  bounce_kind: BounceKind | null;
  bounce_soft_count: number | null;
  bounce_answer: string | null;
  bounce_suppressed_at: Date | null;
  bounce_updated_at: Date | null;
}

/** Case folding of names the way the search index does it (migration 001): Turkish capitals first, then lower(). */
const foldedName = sql`lower(translate(name, 'ÇĞİIÖŞÜ', 'çğiıöşü'))`;
const turkishCapitals: Record<string, string> = { Ç: 'ç', Ğ: 'ğ', İ: 'i', I: 'ı', Ö: 'ö', Ş: 'ş', Ü: 'ü' };
export const foldText = (text: string) => text.replace(/[ÇĞİIÖŞÜ]/g, (letter) => turkishCapitals[letter]!).toLowerCase();

/** Subscribers whose e-mail or name (its first word) starts with the search (two index-backed prefixes; e-mails are stored lower-case). */
function matches(search: string): RawBuilder<boolean> {
  const folded = foldText(search.trim());
  const prefix = prefixPattern(folded);
  return sql<boolean>`(lower(email) like ${prefix} or ${foldedName} like ${prefix})`;
}

/** The addresses paying for a newsletter now, as a subquery of one lower-case `email` (subscriber-plans.ts); null when nothing sells subscriptions. */
export type PayingEmails = Expression<{ email: string }> | null;

/** Whether `email` (lower-case) pays, as SQL over the payers: what a new subscriber's `paid` starts as. */
const paysNow = (payingEmails: PayingEmails, email: Expression<string>) =>
  payingEmails ? sql<boolean>`exists (select 1 from (${payingEmails}) as paying where paying.email = ${email})` : sql<boolean>`false`;

/** Free or paid: the type filter of the list; `sold` says whether a plugin sells subscriptions (without one nobody pays). */
export interface TypeFilter {
  type: 'free' | 'paid';
  sold: boolean;
}

/**
 * The subscribers of a type, or null when the type keeps everyone (free, and nothing is sold). Paid
 * walks the payers' own index (newsletter_id, created_at desc) where paid, so a page costs what it
 * shows, however few pay; free walks the list as unfiltered and skips the payers by their kept flag.
 */
function ofType({ type, sold }: TypeFilter): RawBuilder<boolean> | null {
  if (!sold) return type === 'paid' ? sql<boolean>`false` : null;
  return type === 'paid' ? sql<boolean>`paid` : sql<boolean>`not paid`;
}

/**
 * Marks whether these subscribers of a newsletter pay now (each found by the (newsletter_id,
 * lower(email)) index), from the payers as the plugin that sells subscriptions has them: it calls
 * this whenever a subscription of theirs changes, inside the same transaction.
 */
export async function refreshPaid(
  db: SubscribersDb,
  newsletterId: string,
  emails: readonly string[],
  payingEmails: Expression<{ email: string }>,
): Promise<void> {
  if (emails.length === 0) return;
  await db
    .updateTable('subscribers')
    .set({ paid: paysNow(payingEmails, sql<string>`lower(subscribers.email)`) })
    .where('newsletter_id', '=', newsletterId)
    .where(
      sql<string>`lower(email)`,
      'in',
      emails.map((email) => email.toLowerCase()),
    )
    .execute();
}

/**
 * Marks every subscriber as the payers say (`newsletter_id`, lower-case `email` of each who pays
 * now), where the flag says otherwise: a database from before the flag, or one a write missed. The
 * first statement is driven by the payers, each finding its subscriber by the (newsletter_id,
 * lower(email)) index; the second walks the marked payers' own index. Answers how many changed.
 */
export async function reconcilePaid(db: SubscribersDb, payers: Expression<{ newsletter_id: string; email: string }>): Promise<number> {
  const marked = await sql`
    update subscribers set paid = true from (${payers}) as payer
    where subscribers.newsletter_id = payer.newsletter_id and lower(subscribers.email) = payer.email and not subscribers.paid`.execute(db);
  const unmarked = await sql`
    update subscribers set paid = false
    where paid and not exists (select 1 from (${payers}) as payer where payer.newsletter_id = subscribers.newsletter_id and payer.email = lower(subscribers.email))`.execute(
    db,
  );
  return Number(marked.numAffectedRows ?? 0) + Number(unmarked.numAffectedRows ?? 0);
}

export async function listSubscribers(
  db: SubscribersDb,
  options: {
    newsletterId: string;
    publisherId: string;
    search?: string;
    bounced?: boolean;
    type?: TypeFilter;
    /** Only those filed under this label (subscriber_labels' (newsletter_id, label) index). */
    label?: string;
    limit: number;
    offset: number;
    countMax: number;
  },
): Promise<{ rows: ListedSubscriberRow[]; count: number }> {
  const search = options.search?.trim();
  let query = db.selectFrom('subscribers').where('newsletter_id', '=', options.newsletterId);
  if (search) query = query.where(matches(search));
  // The publisher's bounced addresses lead (few), each found by the (newsletter_id, lower(email)) index.
  if (options.bounced)
    query = query.where(sql<string>`lower(email)`, 'in', db.selectFrom('mail_bounces').select('email').where('publisher_id', '=', options.publisherId));
  const typed = options.type ? ofType(options.type) : null;
  if (typed) query = query.where(typed);
  if (options.label)
    query = query.where(
      'id',
      'in',
      db.selectFrom('subscriber_labels').select('subscriber_id').where('newsletter_id', '=', options.newsletterId).where('label', '=', options.label),
    );
  const filtered = Boolean(search) || options.bounced === true || typed !== null || Boolean(options.label);
  const pageRows = query
    .select(['id', 'email', 'name', 'city', 'medium', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset(options.offset);
  // The page first, then its bounces: joined before the offset, a deep page would look up the
  // bounces of every row it skips. One primary-key probe per row shown.
  const rows = db
    .selectFrom(pageRows.as('s'))
    .leftJoin('mail_bounces as b', (join) =>
      join.on('b.publisher_id', '=', options.publisherId).on((eb) => eb('b.email', '=', eb.fn<string>('lower', ['s.email']))),
    )
    .select(['s.id', 's.email', 's.name', 's.city', 's.medium', 's.created_at'])
    .select([
      'b.kind as bounce_kind',
      'b.soft_count as bounce_soft_count',
      'b.answer as bounce_answer',
      'b.suppressed_at as bounce_suppressed_at',
      'b.updated_at as bounce_updated_at',
    ])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  // A search (or a filter) counts its matches only up to a cap: counting every 'Mehmet' of a
  // million rows is the one slow part of a search; the kept count serves the unfiltered list.
  const count = filtered
    ? db
        .selectFrom(
          query
            .select(sql`1`.as('one'))
            .limit(options.countMax)
            .as('matches'),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count))
    : subscriberCount(db, options.newsletterId);
  const [page, total] = await Promise.all([rows, count]);
  return { rows: page, count: total };
}

/** The labels of these subscribers (a page of the list), by subscriber id, each in alphabetical order. */
export async function labelsOf(db: SubscribersDb, subscriberIds: readonly string[]): Promise<Map<string, string[]>> {
  if (subscriberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('subscriber_labels')
    .select(['subscriber_id', 'label'])
    .where('subscriber_id', 'in', [...subscriberIds])
    .orderBy('label')
    .execute();
  const labels = new Map<string, string[]>();
  for (const row of rows) labels.set(row.subscriber_id, [...(labels.get(row.subscriber_id) ?? []), row.label]);
  return labels;
}

/** The labels a newsletter's subscribers are filed under, in alphabetical order (the index's order). */
export async function newsletterLabels(db: SubscribersDb, newsletterId: string): Promise<string[]> {
  const rows = await db.selectFrom('subscriber_labels').select('label').distinct().where('newsletter_id', '=', newsletterId).orderBy('label').execute();
  return rows.map((row) => row.label);
}

/** How many subscribe to a newsletter (the kept count: no counting). */
export async function subscriberCount(db: Handle, newsletterId: string): Promise<number> {
  return (await subscriberCountsOf(db, [newsletterId])).get(newsletterId) ?? 0;
}

/** How many subscribe to each of these newsletters (the kept counts); a newsletter without subscribers is left out. */
export async function subscriberCountsOf(db: Handle, newsletterIds: readonly string[]): Promise<Map<string, number>> {
  if (newsletterIds.length === 0) return new Map();
  const rows = await subscribersDb(db).selectFrom('subscriber_counts').select(['newsletter_id', 'count']).where('newsletter_id', 'in', newsletterIds).execute();
  return new Map(rows.map((row) => [row.newsletter_id, row.count]));
}

/** Every newsletter's kept count as a subquery, for a statement of the core's on the newsletter records (the lists' sort by subscribers). */
export const subscriberCounts = (db: Handle): SubscriberCounts => subscribersDb(db).selectFrom('subscriber_counts').select(['newsletter_id', 'count']);

/**
 * Adds to a newsletter's kept count, inside the transaction that changed its rows: one statement,
 * so that changes at the same moment each add theirs (the row is locked until the transaction ends).
 */
export async function addToCount(db: SubscribersDb, newsletterId: string, added: number): Promise<void> {
  if (added === 0) return;
  await db
    .insertInto('subscriber_counts')
    .values({ newsletter_id: newsletterId, count: added })
    .onConflict((conflict) => conflict.column('newsletter_id').doUpdateSet((eb) => ({ count: eb('subscriber_counts.count', '+', eb.ref('excluded.count')) })))
    .execute();
}

/**
 * Every subscriber of a newsletter, newest first, `batchSize` rows at a time: a keyset walk (never
 * a growing offset), so an export of a million rows holds one batch in memory at once. The cursor
 * is the timestamp as PostgreSQL writes it, to keep its microseconds.
 */
export async function* subscriberBatches(db: SubscribersDb, newsletterId: string, batchSize: number): AsyncGenerator<SubscriberRow[]> {
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('subscribers')
      .select(['id', 'email', 'name', 'city', 'medium', 'created_at', sql<string>`created_at::text`.as('cursor')])
      .where('newsletter_id', '=', newsletterId);
    if (after) query = query.where(sql<boolean>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id})`);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batchSize).execute();
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1)!;
    after = { createdAt: last.cursor, id: last.id };
    if (rows.length < batchSize) return;
  }
}

export interface NewSubscriber {
  email: string;
  name: string;
  city: string;
}

/** How an import writes: rows per statement, and the payers (an address that pays already comes in paid). */
export interface ImportWrite {
  chunkSize: number;
  payingEmails: PayingEmails;
}

/**
 * Adds subscribers by e-mail (an import, source ''), skipping addresses that already subscribe and
 * addresses that left this newsletter (the `unsubscribed` suppression list: an import never signs
 * someone up again); each added row is a subscription event of the day's rollup, written by the
 * same statement. Answers how many were added. Run it inside a transaction with `recordWeek` and
 * the count's `addToCount` (importSubscribers does).
 */
export async function insertSubscribers(
  db: SubscribersDb,
  newsletterId: string,
  subscribers: NewSubscriber[],
  { chunkSize, payingEmails }: ImportWrite,
): Promise<number> {
  let added = 0;
  for (let start = 0; start < subscribers.length; start += chunkSize) {
    const chunk = subscribers.slice(start, start + chunkSize);
    // One statement a chunk: the rows, their events (ids made in Node: gen_random_uuid() is slow
    // in PGlite's WebAssembly) and the daily counts, joined back to the input by subscriber id.
    const { rows } = await sql<{ added: number }>`
      with input as (
        select * from unnest(${chunk.map(() => randomUUID())}::text[], ${chunk.map(() => randomUUID())}::text[],
          ${chunk.map((row) => row.email)}::text[], ${chunk.map((row) => row.name)}::text[], ${chunk.map((row) => row.city)}::text[])
          as rows (id, event_id, email, name, city)
      ), added as (
        insert into subscribers (id, newsletter_id, email, name, city, medium, source, created_at, paid)
        select id, ${newsletterId}, email, name, city, 'email', '', ${clock.now()}::timestamptz, ${paysNow(payingEmails, sql`lower(input.email)`)} from input
        where not exists (select 1 from unsubscribed u where u.newsletter_id = ${newsletterId} and u.email = lower(input.email))
        on conflict (newsletter_id, lower(email)) do nothing
        returning id, created_at
      ), events as (
        insert into subscription_events (id, newsletter_id, subscriber_id, type, source, reason, created_at)
        select input.event_id, ${newsletterId}, added.id, 'subscription', '', null, added.created_at from added join input using (id)
        returning created_at
      ), daily as (
        insert into subscription_daily (newsletter_id, date, type, source, count)
        select ${newsletterId}, (created_at at time zone 'UTC')::date, 'subscription', '', count(*) from events group by 2
        on conflict (newsletter_id, date, type, source) do update set count = subscription_daily.count + excluded.count
      )
      select count(*)::integer as added from added`.execute(db);
    added += Number(rows[0]?.added ?? 0);
  }
  return added;
}

/** An import: adds the subscribers that are new, with their events, this week's sign-ups and the kept count, in one transaction; answers how many were added. */
export async function importSubscribers(db: SubscribersDb, newsletterId: string, subscribers: NewSubscriber[], write: ImportWrite): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const added = await insertSubscribers(tx, newsletterId, subscribers, write);
    await recordWeek(tx, newsletterId, 'subscriptions', 'email', added);
    await addToCount(tx, newsletterId, added);
    return added;
  });
}

/** Adds to this week's point of the timeline (sign-ups or departures by a medium). */
export async function recordWeek(
  db: SubscribersDb,
  newsletterId: string,
  type: 'subscriptions' | 'unsubscriptions',
  medium: SubscriptionMedium,
  value: number,
): Promise<void> {
  if (value === 0) return;
  await sql`
    insert into subscriber_stats (newsletter_id, date, type, medium, value)
    values (${newsletterId}, date_trunc('week', ${clock.now()}::timestamptz at time zone 'UTC')::date, ${type}, ${medium}, ${value})
    on conflict (newsletter_id, type, medium, date) do update set value = subscriber_stats.value + excluded.value`.execute(db);
}

/**
 * Sets a newsletter's kept count from its rows: for the demo data, written in bulk before anyone
 * subscribes (a change at the same moment would go uncounted: the changes add to it instead).
 */
export async function recountSubscribers(db: SubscribersDb, newsletterId: string): Promise<void> {
  await sql`
    insert into subscriber_counts (newsletter_id, count)
    select ${newsletterId}, count(*) from subscribers where newsletter_id = ${newsletterId}
    on conflict (newsletter_id) do update set count = excluded.count`.execute(db);
}

/**
 * Rebuilds a newsletter's weekly sign-ups from its rows (after the demo data is inserted in bulk).
 * The demo's departures (subscription_events only) are left out on purpose: the weekly timeline
 * of the demo is the growth of the readers who stay, a curve that never falls.
 */
export async function rebuildTimeline(db: SubscribersDb, newsletterId: string): Promise<void> {
  await sql`delete from subscriber_stats where newsletter_id = ${newsletterId} and type = 'subscriptions'`.execute(db);
  await sql`
    insert into subscriber_stats (newsletter_id, date, type, medium, value)
    select newsletter_id, date_trunc('week', created_at at time zone 'UTC')::date, 'subscriptions', medium, count(*)
    from subscribers where newsletter_id = ${newsletterId}
    group by 1, 2, 4`.execute(db);
}

export interface TimelineWeek {
  /** The week's Monday, 'yyyy-MM-dd' (UTC). */
  date: string;
  medium: SubscriptionMedium;
  /** Sign-ups during the week. */
  subscriptions: number;
  unsubscriptions: number;
  /** Subscribers at the end of the week. */
  subscribers: number;
}

/**
 * The weekly timeline from the first sign-up to this week, both media, weeks without change
 * included (so the running total has a point every week). A year is about a hundred rows.
 */
export async function weeklyTimeline(db: SubscribersDb, newsletterId: string): Promise<TimelineWeek[]> {
  const { rows } = await sql<{ date: string; medium: SubscriptionMedium; subscriptions: number; unsubscriptions: number; subscribers: number }>`
    with weeks as (
      select generate_series(
        (select min(date) from subscriber_stats where newsletter_id = ${newsletterId}),
        date_trunc('week', ${clock.now()}::timestamptz at time zone 'UTC')::date,
        interval '1 week')::date as date
    ), media (medium) as (values ('email'), ('notification')),
    weekly as (
      select date, medium,
        sum(case when type = 'subscriptions' then value else 0 end) as subscriptions,
        sum(case when type = 'unsubscriptions' then value else 0 end) as unsubscriptions
      from subscriber_stats where newsletter_id = ${newsletterId}
      group by date, medium
    )
    select to_char(weeks.date, 'YYYY-MM-DD') as date, media.medium,
      coalesce(weekly.subscriptions, 0)::integer as subscriptions,
      coalesce(weekly.unsubscriptions, 0)::integer as unsubscriptions,
      (sum(coalesce(weekly.subscriptions, 0) - coalesce(weekly.unsubscriptions, 0)) over (partition by media.medium order by weeks.date))::integer as subscribers
    from weeks cross join media
    left join weekly on weekly.date = weeks.date and weekly.medium = media.medium
    order by weeks.date, media.medium`.execute(db);
  return rows;
}

/** A reader who asked to subscribe and confirmed (or a staff action): who, and how they came. */
export interface Subscribing {
  type: 'subscription';
  newsletterId: string;
  email: string;
  name: string;
  city: string;
  source: SubscriptionSource;
  /** The payers (subscriber-plans.ts): an address that pays already is a paid subscriber from the start. */
  payingEmails: PayingEmails;
}

/** A reader leaving: by subscriber id (a signed link) or address, how, and why. */
export interface Unsubscribing {
  type: 'unsubscription';
  newsletterId: string;
  subscriber: { id: string } | { email: string };
  source: SubscriptionSource;
  /** A preset reason, the text typed for 'other', or the 'other' label (see unsubscribe-page.ts). */
  reason: string;
}

export type SubscriptionChange = Subscribing | Unsubscribing;

/**
 * The one writer of subscriptions and unsubscriptions (the import writes its own in bulk, the demo
 * in SQL): the subscriber row, the event, the day's rollup, the weekly timeline and the kept count,
 * in one transaction. A subscription of an address that already subscribes changes nothing and
 * answers its id (the landing page does not tell whether an address subscribes); an
 * unsubscription of someone who no longer subscribes changes nothing and answers null.
 */
export async function changeSubscription(db: SubscribersDb, change: SubscriptionChange): Promise<{ subscriberId: string; changed: boolean } | null> {
  return db.transaction().execute(async (tx) => {
    const { newsletterId } = change;
    if (change.type === 'subscription') {
      const email = change.email.trim().toLowerCase();
      // Their own confirmed request: the suppression an earlier departure left goes, and so do the
      // bounces and complaints of the address for the newsletter's publisher (bounces.ts).
      await tx.deleteFrom('unsubscribed').where('newsletter_id', '=', newsletterId).where('email', '=', email).execute();
      const newsletter = await findNewsletter(tx, newsletterId);
      if (newsletter) await tx.deleteFrom('mail_bounces').where('email', '=', email).where('publisher_id', '=', newsletter.publisher_id).execute();
      const inserted = await tx
        .insertInto('subscribers')
        .values({
          id: randomUUID(),
          newsletter_id: newsletterId,
          email,
          name: change.name,
          city: change.city,
          medium: 'email',
          source: change.source,
          paid: paysNow(change.payingEmails, sql<string>`${email}`),
        })
        .onConflict((conflict) => conflict.expression(sql`newsletter_id, lower(email)`).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        const existing = await tx
          .selectFrom('subscribers')
          .select('id')
          .where('newsletter_id', '=', newsletterId)
          .where(sql<boolean>`lower(email) = ${email}`)
          .executeTakeFirstOrThrow();
        return { subscriberId: existing.id, changed: false };
      }
      await recordEvents(tx, [
        { newsletterId, subscriberId: inserted.id, email, name: change.name, type: 'subscription', source: change.source, reason: null },
      ]);
      await recordWeek(tx, newsletterId, 'subscriptions', 'email', 1);
      await addToCount(tx, newsletterId, 1);
      return { subscriberId: inserted.id, changed: true };
    }
    let removal = tx.deleteFrom('subscribers').where('newsletter_id', '=', newsletterId);
    removal =
      'id' in change.subscriber
        ? removal.where('id', '=', change.subscriber.id)
        : removal.where(sql<boolean>`lower(email) = lower(${change.subscriber.email.trim()})`);
    const removed = await removal.returning(['id', 'email', 'name', 'medium']).executeTakeFirst();
    if (!removed) return null;
    await tx
      .insertInto('unsubscribed')
      .values({ newsletter_id: newsletterId, email: removed.email.toLowerCase() })
      .onConflict((conflict) => conflict.columns(['newsletter_id', 'email']).doNothing())
      .execute();
    await recordEvents(tx, [
      {
        newsletterId,
        subscriberId: removed.id,
        email: removed.email.toLowerCase(),
        name: removed.name,
        type: 'unsubscription',
        source: change.source,
        reason: change.reason,
      },
    ]);
    await recordWeek(tx, newsletterId, 'unsubscriptions', removed.medium, 1);
    await addToCount(tx, newsletterId, -1);
    return { subscriberId: removed.id, changed: true };
  });
}

export interface SubscriptionEvent {
  newsletterId: string;
  subscriberId: string;
  /** The subscriber's address and name, kept on the event: the row goes when they leave. */
  email: string;
  name: string;
  type: SubscriptionEventType;
  source: StoredSource;
  reason: string | null;
}

/** Writes events (at the clock's now) and adds them to the daily rollup, in one statement; run it inside the change's transaction. */
export async function recordEvents(db: SubscribersDb, events: SubscriptionEvent[]): Promise<void> {
  if (events.length === 0) return;
  await sql`
    with events as (
      insert into subscription_events (id, newsletter_id, subscriber_id, type, source, reason, email, name, created_at)
      select *, ${clock.now()}::timestamptz from unnest(${events.map(() => randomUUID())}::text[], ${events.map((event) => event.newsletterId)}::text[],
        ${events.map((event) => event.subscriberId)}::text[], ${events.map((event) => event.type)}::text[],
        ${events.map((event) => event.source)}::text[], ${events.map((event) => event.reason)}::text[],
        ${events.map((event) => event.email)}::text[], ${events.map((event) => event.name)}::text[])
      returning newsletter_id, type, source, created_at
    )
    insert into subscription_daily (newsletter_id, date, type, source, count)
    select newsletter_id, (created_at at time zone 'UTC')::date, type, source, count(*) from events group by 1, 2, 3, 4
    on conflict (newsletter_id, date, type, source) do update set count = subscription_daily.count + excluded.count`.execute(db);
}

/** Removes one subscription by address (no page asked why: the 'other' reason); answers whether there was one. */
export async function removeSubscriber(db: SubscribersDb, newsletterId: string, email: string, source: SubscriptionSource = 'email'): Promise<boolean> {
  const ended = await changeSubscription(db, {
    type: 'unsubscription',
    newsletterId,
    subscriber: { email },
    source,
    reason: constants.audience.otherReason,
  });
  return ended !== null;
}

export interface SubscriptionSeriesRow {
  /** 'YYYY-MM-DD': the first day of the span (date_trunc of the day). */
  date: string;
  type: SubscriptionEventType;
  /** null when not grouped by source, and for subscribers of unknown source (imports). */
  source: SubscriptionSource | null;
  count: number;
  /** Different subscribers: every event is a different subscriber row (a subscription makes a new row, an unsubscription deletes one), so the count. */
  unique: number;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Subscriptions and unsubscriptions per span (UTC days from startAt's to endAt's, both included), by source if asked; read from the daily rollup. */
export async function subscriptionSeries(
  db: SubscribersDb,
  query: { newsletterIds: string[]; startAt: Date; endAt: Date; span: 'day' | 'week' | 'month'; bySource: boolean },
): Promise<SubscriptionSeriesRow[]> {
  if (query.newsletterIds.length === 0) return [];
  const { rows } = await sql<{ date: string; type: SubscriptionEventType; source: SubscriptionSource | null; count: number }>`
    select to_char(date_trunc(${query.span}, date::timestamp), 'YYYY-MM-DD') as date, type,
      ${query.bySource ? sql`nullif(source, '')` : sql`null`} as source, sum(count)::integer as count
    from subscription_daily
    where newsletter_id = any(${query.newsletterIds}::text[]) and date between ${day(query.startAt)}::date and ${day(query.endAt)}::date
    group by 1, 2, 3
    order by 1, 2, 3 nulls last`.execute(db);
  return rows.map((row) => ({ ...row, count: Number(row.count), unique: Number(row.count) }));
}

export interface CancellationRow {
  /** The subscriber as the subscription rows name them: their address (the subscriber id for events older than migration 006). */
  subscriber_id: string;
  /** Their name when they left ('' when unknown). */
  name: string;
  reason: string;
  /** 'YYYY-MM-DD HH:mm:ss', UTC. */
  date: string;
  source: SubscriptionSource | null;
}

/** Unsubscriptions with their reasons between two instants (both included), newest first, at most `limit`. */
export async function cancellationList(
  db: SubscribersDb,
  query: { newsletterIds: string[]; startAt: Date; endAt: Date; limit: number },
): Promise<CancellationRow[]> {
  if (query.newsletterIds.length === 0) return [];
  const { rows } = await sql<CancellationRow>`
    select coalesce(nullif(email, ''), subscriber_id) as subscriber_id, name, coalesce(reason, ${constants.audience.otherReason}) as reason,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as date, nullif(source, '') as source
    from subscription_events
    where type = 'unsubscription' and newsletter_id = any(${query.newsletterIds}::text[])
      and created_at between ${query.startAt}::timestamptz and ${query.endAt}::timestamptz
    order by created_at desc, id
    limit ${query.limit}`.execute(db);
  return rows;
}

/** A published newsletter readers may subscribe to (the landing page shows the published ones), by its key (any case) or its id. */
export async function findSubscribableNewsletter(db: Handle, keyOrId: string): Promise<NewsletterRow | undefined> {
  const byKey = await findNewsletterByKey(db, keyOrId);
  if (byKey?.published) return byKey;
  const byId = await findNewsletter(db, keyOrId);
  return byId?.published ? byId : undefined;
}

/**
 * A newsletter's subscribers (of one medium, or who subscribed by a date, when asked) as a
 * subquery of id, email, name and medium, for a statement of another plugin that copies them in
 * the database: an issue's recipients are added in one statement, and never pass through the
 * server's memory.
 */
export function subscribersQuery(db: Handle, newsletterId: string, only: { medium?: SubscriptionMedium; before?: Date } = {}) {
  let query = subscribersDb(db).selectFrom('subscribers').select(['id', 'email', 'name', 'medium']).where('newsletter_id', '=', newsletterId);
  if (only.medium) query = query.where('medium', '=', only.medium);
  if (only.before) query = query.where('created_at', '<=', only.before);
  return query;
}

/** Those of `ids` who still subscribe (an address that left since is not among them). */
export async function stillSubscribed(db: Handle, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await subscribersDb(db)
    .selectFrom('subscribers')
    .select('id')
    .where(sql<boolean>`id = any(${[...ids]}::text[])`)
    .execute();
  return new Set(rows.map((row) => row.id));
}
