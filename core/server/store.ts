/**
 * Queries of the core's tables, for the core's calls and the plugins': a newsletter, a publisher,
 * a user, a dashboard's layout. Only the core names its tables in SQL (docs/decisions/0025);
 * a plugin passes its handle (a transaction too) and gets rows back.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Expression } from 'kysely';
import { coreTables as core, type Db, type Handle } from './db/database';
import { containsPattern } from './db/like';
import type { DashboardLayoutsTable, NewsletterRow, PublisherRow, UserRow } from './db/tables';
import { clock } from './clock';

export function findNewsletter(db: Handle, id: string): Promise<NewsletterRow | undefined> {
  return core(db).selectFrom('newsletters').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A newsletter by its key, in any case. */
export function findNewsletterByKey(db: Handle, key: string): Promise<NewsletterRow | undefined> {
  return core(db)
    .selectFrom('newsletters')
    .selectAll()
    .where(sql<string>`lower(key)`, '=', key.toLowerCase())
    .executeTakeFirst();
}

/** These newsletters, in no particular order (the missing ones left out). */
export function findNewsletters(db: Handle, ids: readonly string[]): Promise<NewsletterRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return core(db).selectFrom('newsletters').selectAll().where('id', 'in', ids).execute();
}

/**
 * Each newsletter's subscribers as a subquery of (newsletter_id, count): the subscribers plugin
 * derives and keeps them (its `subscriberCounts`), and the lists sort by them. A newsletter without
 * a row has none.
 */
export type SubscriberCounts = Expression<{ newsletter_id: string; count: number }>;

/** A newsletter's count among `counts`, for an order by. */
const subscribersIn = (counts: SubscriberCounts) =>
  sql<number>`coalesce((select counted.count from (${counts}) as counted where counted.newsletter_id = newsletters.id), 0)`;

/**
 * A publisher's newsletters (only the published ones when asked), those with the most subscribers
 * first when given the counts, else by id.
 */
export function newslettersOfPublisher(
  db: Handle,
  publisherId: string,
  only: { published?: boolean; subscriberCounts?: SubscriberCounts } = {},
): Promise<NewsletterRow[]> {
  let query = core(db).selectFrom('newsletters').selectAll().where('publisher_id', '=', publisherId);
  if (only.published !== undefined) query = query.where('published', '=', only.published);
  if (only.subscriberCounts) query = query.orderBy(subscribersIn(only.subscriberCounts), 'desc');
  return query.orderBy('id').execute();
}

/** Whether another newsletter (or publisher) has this key already, in any case. */
export async function keyInUse(db: Handle, owner: 'newsletters' | 'publishers', key: string, exceptId?: string): Promise<boolean> {
  let query = core(db)
    .selectFrom(owner)
    .select('id')
    .where(sql<string>`lower(key)`, '=', key.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export interface NewNewsletter {
  publisherId: string;
  title: string;
  subtitle: string;
  description: string;
  image: string;
  color: string;
  textColor: string;
  key: string;
  lang: string;
}

/**
 * Adds an unpublished newsletter (in the caller's transaction); answers its id, or null when
 * another newsletter has its key. The caller checks the key first, but a create at the same moment
 * passes that check too: the unique index decides, and the loser is told the name is taken.
 */
export async function insertNewsletter(tx: Handle, newsletter: NewNewsletter): Promise<string | null> {
  const inserted = await core(tx)
    .insertInto('newsletters')
    .values({
      id: randomUUID(),
      publisher_id: newsletter.publisherId,
      title: newsletter.title,
      subtitle: newsletter.subtitle,
      description: newsletter.description,
      image: newsletter.image,
      color: newsletter.color,
      text_color: newsletter.textColor,
      key: newsletter.key,
      lang: newsletter.lang,
    })
    // The index newsletters_key_unique is on lower(key).
    .onConflict((conflict) => conflict.expression(sql`lower(key)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export type NewsletterEdit = Partial<
  Pick<NewsletterRow, 'title' | 'subtitle' | 'description' | 'image' | 'color' | 'text_color' | 'key' | 'lang' | 'archived'>
>;

export async function updateNewsletter(db: Handle, id: string, edit: NewsletterEdit): Promise<void> {
  await core(db)
    .updateTable('newsletters')
    .set({ ...edit, updated_at: clock.now() })
    .where('id', '=', id)
    .execute();
}

/**
 * Moves a newsletter's creation back to `date` when that is earlier: an import brings a history
 * older than the record (its posts, its readers' subscriptions), and analytics ranges start at
 * created_at.
 */
export async function moveNewsletterCreationBack(db: Handle, id: string, date: Date): Promise<void> {
  // created_at is never written by an edit (the record's type says so): this is the one statement that moves it.
  await sql`update newsletters set created_at = least(created_at, ${date}::timestamptz) where id = ${id}`.execute(core(db));
}

/** Sets the published or featured flag (the first publication's date is kept); answers the newsletter as it is now. */
export async function setNewsletterFlag(db: Handle, id: string, flag: 'published' | 'featured', on: boolean): Promise<NewsletterRow> {
  return core(db)
    .updateTable('newsletters')
    .set(
      flag === 'published'
        ? {
            published: on,
            first_published_at: on ? sql<Date>`coalesce(first_published_at, ${clock.now()})` : sql<Date | null>`first_published_at`,
            updated_at: clock.now(),
          }
        : { featured: on, updated_at: clock.now() },
    )
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Demo data: newsletters seeded published were published from their creation on. */
export async function markFirstPublishedAtCreation(db: Handle): Promise<void> {
  await core(db)
    .updateTable('newsletters')
    .set({ first_published_at: sql<Date>`created_at` })
    .where('published', '=', true)
    .where('first_published_at', 'is', null)
    .execute();
}

/** Which newsletters a list may show: a whole publisher's, or only some (an editor's or author's). */
export type NewsletterReach = { publisherId: string } | { publisherId: string; ids: string[] };

export interface NewsletterListOptions {
  search?: string;
  sort: 'title' | 'createdAt' | 'subscribers';
  desc: boolean;
  page: number;
  limit: number;
  status?: 'published' | 'draft' | 'featured';
  /** What the sort by subscribers reads; without it every newsletter has none (the sort is by id). */
  subscriberCounts?: SubscriberCounts;
}

const newsletterSorts = { title: 'title', createdAt: 'created_at' } as const;

function reachable(db: Handle, reach: NewsletterReach, options: Pick<NewsletterListOptions, 'search' | 'status'>) {
  let query = core(db).selectFrom('newsletters').where('publisher_id', '=', reach.publisherId);
  if ('ids' in reach) query = query.where('id', 'in', reach.ids.length > 0 ? reach.ids : ['']);
  if (options.status === 'published') query = query.where('published', '=', true);
  if (options.status === 'draft') query = query.where('published', '=', false);
  if (options.status === 'featured') query = query.where('featured', '=', true);
  const search = options.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('subtitle', 'ilike', pattern), eb('key', 'ilike', pattern)]));
  }
  return query;
}

/** A page of the newsletters a caller may reach, with how many there are in all. */
export async function listNewsletters(db: Handle, reach: NewsletterReach, options: NewsletterListOptions): Promise<{ rows: NewsletterRow[]; count: number }> {
  const direction = options.desc ? 'desc' : 'asc';
  let sorted = reachable(db, reach, options).selectAll();
  if (options.sort !== 'subscribers') sorted = sorted.orderBy(newsletterSorts[options.sort], direction);
  else if (options.subscriberCounts) sorted = sorted.orderBy(subscribersIn(options.subscriberCounts), direction);
  const [rows, total] = await Promise.all([
    sorted
      // Ties (equal subscriber counts, equal titles) keep one order from page to page.
      .orderBy('id', direction)
      .limit(options.limit)
      .offset(options.page * options.limit)
      .execute(),
    reachable(db, reach, options)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export function findPublisher(db: Handle, id: string): Promise<PublisherRow | undefined> {
  return core(db).selectFrom('publishers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A publisher by its key, in any case. */
export function findPublisherByKey(db: Handle, key: string): Promise<PublisherRow | undefined> {
  return core(db)
    .selectFrom('publishers')
    .selectAll()
    .where(sql<string>`lower(key)`, '=', key.toLowerCase())
    .executeTakeFirst();
}

export type PublisherEdit = Pick<PublisherRow, 'title' | 'description' | 'image' | 'color' | 'text_color' | 'website' | 'email' | 'key'>;

export async function updatePublisher(db: Handle, id: string, edit: PublisherEdit): Promise<void> {
  await core(db)
    .updateTable('publishers')
    .set({ ...edit, updated_at: clock.now() })
    .where('id', '=', id)
    .execute();
}

/** Every publisher, by title (an admin chooses one to work in). */
export function listPublishers(db: Db): Promise<Pick<PublisherRow, 'id' | 'title'>[]> {
  return db.selectFrom('publishers').select(['id', 'title']).orderBy('title').execute();
}

/** The user with this e-mail address, compared as the unique index compares it (lower-cased). */
export function findUserByEmail(db: Handle, email: string): Promise<UserRow | undefined> {
  return core(db)
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Saves a user's own profile (and the end of onboarding); answers the user as they are now. */
export function updateProfile(db: Db, userId: string, profile: Pick<UserRow, 'name' | 'biography' | 'url' | 'image' | 'ready'>): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...profile, version: sql`version + 1`, updated_at: clock.now() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

type Dashboard = DashboardLayoutsTable['dashboard'];

/** A user's arrangement of a dashboard's panels, or undefined for the default one. */
export async function findLayout(db: Db, userId: string, dashboard: Dashboard): Promise<unknown> {
  const row = await db.selectFrom('dashboard_layouts').select('layout').where('user_id', '=', userId).where('dashboard', '=', dashboard).executeTakeFirst();
  return row?.layout;
}

export async function saveLayout(db: Db, userId: string, dashboard: Dashboard, layout: unknown): Promise<void> {
  const json = JSON.stringify(layout);
  await db
    .insertInto('dashboard_layouts')
    .values({ user_id: userId, dashboard, layout: json })
    .onConflict((oc) => oc.columns(['user_id', 'dashboard']).doUpdateSet({ layout: json, updated_at: clock.now() }))
    .execute();
}

export async function forgetLayout(db: Db, userId: string, dashboard: Dashboard): Promise<void> {
  await db.deleteFrom('dashboard_layouts').where('user_id', '=', userId).where('dashboard', '=', dashboard).execute();
}
