/**
 * The subscribers' queries. Lists read the newest first through (newsletter_id, created_at desc)
 * and take their unfiltered count from newsletters.subscriber_count, so a page costs the same with
 * ten subscribers or a million; every change of the rows keeps that count and the weekly timeline
 * (subscriber_stats) in step, inside the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { prefixPattern } from '../../../core/server/db/like';
import type { CoreTables } from '../../../core/server/db/tables';
import type { SubscriberTables, SubscriptionMedium } from './tables';

export type SubscribersDb = Kysely<CoreTables & SubscriberTables>;

export interface SubscriberRow {
  email: string;
  name: string;
  city: string;
  medium: SubscriptionMedium;
  created_at: Date;
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

export async function listSubscribers(
  db: SubscribersDb,
  options: { newsletterId: string; search?: string; limit: number; offset: number; countMax: number },
): Promise<{ rows: SubscriberRow[]; count: number }> {
  const search = options.search?.trim();
  let query = db.selectFrom('subscribers').where('newsletter_id', '=', options.newsletterId);
  if (search) query = query.where(matches(search));
  const rows = query
    .select(['email', 'name', 'city', 'medium', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  // A search counts its matches only up to a cap: counting every 'Mehmet' of a million rows is
  // the one slow part of a search; the kept count serves the unfiltered list.
  const count = search
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

/** How many subscribe to a newsletter (the kept count: no counting). */
export async function subscriberCount(db: Kysely<CoreTables>, newsletterId: string): Promise<number> {
  const row = await db.selectFrom('newsletters').select('subscriber_count').where('id', '=', newsletterId).executeTakeFirst();
  return row?.subscriber_count ?? 0;
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

/**
 * Adds subscribers by e-mail (an import), skipping addresses that already subscribe; answers how
 * many were added. Run it inside a transaction with `recordWeek` and `recountSubscribers`.
 */
export async function insertSubscribers(db: SubscribersDb, newsletterId: string, subscribers: NewSubscriber[], chunkSize: number): Promise<number> {
  let added = 0;
  for (let start = 0; start < subscribers.length; start += chunkSize) {
    const chunk = subscribers.slice(start, start + chunkSize);
    const result = await sql`
      insert into subscribers (id, newsletter_id, email, name, city, medium)
      select id, ${newsletterId}, email, name, city, 'email'
      from unnest(${chunk.map(() => randomUUID())}::text[], ${chunk.map((row) => row.email)}::text[],
                  ${chunk.map((row) => row.name)}::text[], ${chunk.map((row) => row.city)}::text[]) as rows (id, email, name, city)
      on conflict (newsletter_id, lower(email)) do nothing`.execute(db);
    added += Number(result.numAffectedRows ?? 0);
  }
  return added;
}

/** An import: adds the subscribers that are new, with this week's sign-ups and the kept count, in one transaction; answers how many were added. */
export async function importSubscribers(db: SubscribersDb, newsletterId: string, subscribers: NewSubscriber[], chunkSize: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const added = await insertSubscribers(tx, newsletterId, subscribers, chunkSize);
    await recordWeek(tx, newsletterId, 'subscriptions', 'email', added);
    await recountSubscribers(tx, newsletterId);
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
    values (${newsletterId}, date_trunc('week', now() at time zone 'UTC')::date, ${type}, ${medium}, ${value})
    on conflict (newsletter_id, type, medium, date) do update set value = subscriber_stats.value + excluded.value`.execute(db);
}

/** Sets newsletters.subscriber_count from the rows (the publisher's lists sort by it). */
export async function recountSubscribers(db: SubscribersDb, newsletterId: string): Promise<void> {
  await sql`
    update newsletters set subscriber_count = (select count(*) from subscribers where newsletter_id = ${newsletterId})
    where id = ${newsletterId}`.execute(db);
}

/** Rebuilds a newsletter's weekly sign-ups from its rows (after the demo data is inserted in bulk). */
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
        date_trunc('week', now() at time zone 'UTC')::date,
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

/** Removes one subscription (an unsubscribe); answers whether there was one. */
export async function removeSubscriber(db: SubscribersDb, newsletterId: string, email: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const removed = await tx
      .deleteFrom('subscribers')
      .where('newsletter_id', '=', newsletterId)
      .where(sql<boolean>`lower(email) = lower(${email.trim()})`)
      .returning('medium')
      .executeTakeFirst();
    if (!removed) return false;
    await recordWeek(tx, newsletterId, 'unsubscriptions', removed.medium, 1);
    await recountSubscribers(tx, newsletterId);
    return true;
  });
}
