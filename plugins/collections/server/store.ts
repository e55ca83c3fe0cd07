/** The collections plugin's queries: a publisher's collections, their keys and slugs, and what the public pages show. */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { containsPattern } from '../../../core/server/db/like';
import { uniqueSlug } from '../../../core/server/db/slugs';
import type { CoreTables } from '../../../core/server/db/tables';
import { findNewsletter, findPublisher } from '../../../core/server/store';
import { searchCountCap } from '../../../core/shared/lists';
import { slugify } from '../../../core/shared/text';
import { draftStoriesTitle } from '../rules';
import type { CollectionRow, CollectionTables, CollectionsTable, OwnerModel } from './tables';
import { clock } from '../../../core/server/clock';

export type CollectionsDb = Kysely<CoreTables & CollectionTables>;

export interface CollectionListOptions {
  publisherId: string;
  ownerId?: string;
  published?: boolean;
  search?: string;
  sort: 'updatedAt' | 'createdAt' | 'publishedAt' | 'title';
  desc: boolean;
  page: number;
  limit: number;
}

const sortColumns = { updatedAt: 'updated_at', createdAt: 'created_at', publishedAt: 'published_at', title: 'title' } as const;

export function findCollection(db: CollectionsDb, id: string): Promise<CollectionRow | undefined> {
  return db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listCollections(db: CollectionsDb, options: CollectionListOptions): Promise<{ rows: CollectionRow[]; count: number }> {
  // The literal title matches the partial index collections_listed (migration 003).
  let base = db.selectFrom('collections').where('publisher_id', '=', options.publisherId).where('title', '!=', sql.lit(draftStoriesTitle));
  if (options.ownerId) base = base.where('owner_id', '=', options.ownerId);
  if (options.published !== undefined) base = base.where('published', '=', options.published);
  if (options.search) {
    // The expression of the trigram index collections_search (migration 003).
    base = base.where(sql<boolean>`(title || ' ' || description) ilike ${containsPattern(options.search)}`);
  }
  const direction = options.desc ? 'desc' : 'asc';
  const matching = base.select(sql`1`.as('one'));
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      // Only the publication date may be missing: unpublished collections go last. The other
      // columns are ordered as their indexes are, which a page then reads in order.
      .orderBy(sortColumns[options.sort], (ob) => (options.sort === 'publishedAt' ? ob[direction]().nullsLast() : ob[direction]()))
      .orderBy('id', direction)
      .limit(options.limit)
      .offset(options.page * options.limit)
      .execute(),
    // A search counts its matches only up to a few pages ahead (core/shared/lists.ts).
    db
      .selectFrom((options.search ? matching.limit(searchCountCap(options.page, options.limit)) : matching).as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export async function insertCollection(db: CollectionsDb, values: Omit<Insertable<CollectionsTable>, 'id'>): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('collections')
    .values({ id, ...values })
    .execute();
  return id;
}

export async function updateCollection(db: CollectionsDb, id: string, changes: Updateable<CollectionsTable>): Promise<void> {
  await db
    .updateTable('collections')
    .set({ ...changes, updated_at: clock.now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteCollection(db: CollectionsDb, id: string): Promise<void> {
  await db.deleteFrom('collections').where('id', '=', id).execute();
}

/** Whether another collection on the platform has this key (keys name public things, so they are unique everywhere). */
export async function collectionKeyTaken(db: CollectionsDb, key: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('collections').select('id').where('key', '=', key.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** A slug of the title no other collection has: 'haftanin-seckisi', then 'haftanin-seckisi-2', ... */
export function uniqueCollectionSlug(db: CollectionsDb, title: string, exceptId?: string): Promise<string> {
  return uniqueSlug(slugify(title) || 'collection', async (pattern) => {
    let query = db.selectFrom('collections').select('slug').where('slug', 'like', pattern);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.execute()).map((row) => row.slug);
  });
}

/** A published collection by its slug (as typed, lower-cased) or its id, for its public page. */
export function findPublishedCollection(db: CollectionsDb, slugOrId: string): Promise<CollectionRow | undefined> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where((eb) => eb.or([eb('slug', '=', slugOrId.toLowerCase()), eb('id', '=', slugOrId)]))
    .where('published', '=', true)
    .executeTakeFirst();
}

/** An owner's published featured collections, latest published first, for the owner's public page. */
export function featuredCollections(db: CollectionsDb, ownerModel: OwnerModel, ownerId: string, limit: number): Promise<CollectionRow[]> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('owner_model', '=', ownerModel)
    .where('featured', '=', true)
    .where('published', '=', true)
    .orderBy('published_at', (ob) => ob.desc().nullsLast())
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The page a collection's public page heads with: its newsletter's, or its publisher's (colours, title, key). */
export async function ownerLook(db: CollectionsDb, row: CollectionRow) {
  const newsletter = row.owner_model === 'Newsletter' ? await findNewsletter(db, row.owner_id) : undefined;
  if (newsletter) return { ...newsletter, page: `/n/${encodeURIComponent(newsletter.key)}` };
  const publisher = await findPublisher(db, row.publisher_id);
  if (!publisher) throw new Error(`The publisher of collection ${row.id} is missing.`);
  return { ...publisher, page: `/p/${encodeURIComponent(publisher.key)}` };
}
