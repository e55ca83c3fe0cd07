/** The newsletters plugin's queries: the newsletter lists, the publish and feature flags, the tags in use. */
import { sql, type Kysely } from 'kysely';
import { containsPattern } from '../../../core/server/db/like';
import type { CoreTables, NewsletterRow } from '../../../core/server/db/tables';
import type { NewsletterTables } from './tables';
import { clock } from '../../../core/server/clock';

export type NewslettersDb = Kysely<CoreTables & NewsletterTables>;

/** Which newsletters a list may show: a whole publisher's, or only some (an editor's or author's). */
export type NewsletterReach = { publisherId: string } | { publisherId: string; ids: string[] };

export interface NewsletterListOptions {
  search?: string;
  sort: 'title' | 'createdAt' | 'subscribers';
  desc: boolean;
  page: number;
  limit: number;
  status?: 'published' | 'draft' | 'featured';
}

const sortColumns = { title: 'title', createdAt: 'created_at', subscribers: 'subscriber_count' } as const;

function filtered(db: NewslettersDb, reach: NewsletterReach, options: Pick<NewsletterListOptions, 'search' | 'status'>) {
  let query = db.selectFrom('newsletters').where('publisher_id', '=', reach.publisherId);
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

export async function listNewsletters(
  db: NewslettersDb,
  reach: NewsletterReach,
  options: NewsletterListOptions,
): Promise<{ rows: NewsletterRow[]; count: number }> {
  const direction = options.desc ? 'desc' : 'asc';
  const [rows, total] = await Promise.all([
    filtered(db, reach, options)
      .selectAll()
      .orderBy(sortColumns[options.sort], direction)
      // Ties (equal subscriber counts, equal titles) keep one order from page to page.
      .orderBy('id', direction)
      .limit(options.limit)
      .offset(options.page * options.limit)
      .execute(),
    filtered(db, reach, options)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/** Sets the published or featured flag (the first publication's date is kept); answers the newsletter as it is now. */
export async function setNewsletterFlag(db: NewslettersDb, id: string, flag: 'published' | 'featured', on: boolean): Promise<NewsletterRow> {
  return db
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

/** The tags a publisher's content uses, alphabetically. */
export async function listTags(db: NewslettersDb, publisherId: string): Promise<string[]> {
  const rows = await db.selectFrom('tags').select('name').where('publisher_id', '=', publisherId).orderBy('name').execute();
  return rows.map((row) => row.name);
}

/** Records tags as in use by a publisher (known ones are kept as they are). */
export async function addTags(db: NewslettersDb, publisherId: string, names: string[]): Promise<void> {
  const unique = [...new Set(names.map((name) => name.trim()).filter(Boolean))];
  if (unique.length === 0) return;
  await db
    .insertInto('tags')
    .values(unique.map((name) => ({ publisher_id: publisherId, name })))
    .onConflict((conflict) => conflict.columns(['publisher_id', 'name']).doNothing())
    .execute();
}
