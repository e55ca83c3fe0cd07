/** The episodes plugin's queries: episodes of newsletters, and a publisher's podcast feeds. */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Updateable } from 'kysely';
import { uniqueSlug } from '../../../core/server/db/slugs';
import type { CoreTables } from '../../../core/server/db/tables';
import { withPeople, withPerson, type WithPerson } from '../../../core/server/people';
import { duenessOf, type PublicationOutcome } from '../../../core/server/publication';
import { findNewsletterByKey, findPublisher } from '../../../core/server/store';
import { slugify } from '../../../core/shared/text';
import type { EpisodeRecord, EpisodeTables, EpisodesTable } from './tables';
import { clock } from '../../../core/server/clock';

export type EpisodesDb = Kysely<CoreTables & EpisodeTables>;

/** An episode with its uploader's name and picture, as lists and cards need them. */
export type EpisodeRow = WithPerson<EpisodeRecord, 'uploader'>;

export async function findEpisode(db: EpisodesDb, id: string): Promise<EpisodeRow | undefined> {
  const row = await db.selectFrom('episodes').selectAll().where('id', '=', id).executeTakeFirst();
  return withPerson(db, row, 'uploader_id', 'uploader');
}

export async function listEpisodes(
  db: EpisodesDb,
  query: { newsletterIds: string[]; uploaderId?: string; page: number; limit: number; desc: boolean },
): Promise<{ rows: EpisodeRow[]; count: number }> {
  const newsletterIds = query.newsletterIds.length > 0 ? query.newsletterIds : [''];
  let base = db.selectFrom('episodes').where('episodes.newsletter_id', 'in', newsletterIds);
  if (query.uploaderId) base = base.where('episodes.uploader_id', '=', query.uploaderId);
  let rows = db.selectFrom('episodes').selectAll('episodes').where('episodes.newsletter_id', 'in', newsletterIds);
  if (query.uploaderId) rows = rows.where('episodes.uploader_id', '=', query.uploaderId);
  const direction = query.desc ? 'desc' : 'asc';
  const [items, total] = await Promise.all([
    rows
      .orderBy('episodes.created_at', direction)
      .orderBy('episodes.id', direction)
      .limit(query.limit)
      .offset(query.page * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withPeople(db, items, 'uploader_id', 'uploader'), count: Number(total.count) };
}

/** A slug of the title no other episode of the newsletter has: 'gunun-ozeti', then 'gunun-ozeti-2', ... */
export function uniqueKey(db: EpisodesDb, newsletterId: string, title: string, exceptId?: string): Promise<string> {
  return uniqueSlug(slugify(title) || 'episode', async (pattern) => {
    let query = db.selectFrom('episodes').select('key').where('newsletter_id', '=', newsletterId).where('key', 'like', pattern);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.execute()).map((row) => row.key);
  });
}

export async function insertEpisode(db: EpisodesDb, values: Omit<Insertable<EpisodesTable>, 'id'>): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('episodes')
    .values({ id, ...values })
    .execute();
  return id;
}

export async function updateEpisode(db: EpisodesDb, id: string, changes: Updateable<EpisodesTable>): Promise<void> {
  await db
    .updateTable('episodes')
    .set({ ...changes, updated_at: clock.now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteEpisode(db: EpisodesDb, id: string): Promise<void> {
  await db.deleteFrom('episodes').where('id', '=', id).execute();
}

/** Publishes a scheduled episode whose time has come (see core/server/publication.ts for what the outcome asks of the job). */
export async function publishIfDue(db: EpisodesDb, id: string, at: string, now = clock.now()): Promise<PublicationOutcome> {
  const episode = await db.selectFrom('episodes').select(['status', 'scheduled_at']).where('id', '=', id).executeTakeFirst();
  const due = duenessOf(episode?.status === 'scheduled' ? episode.scheduled_at : null, at, now);
  if (!episode || due !== 'published') return due;
  const result = await db
    .updateTable('episodes')
    .set({ status: 'published', published_at: episode.scheduled_at, scheduled_at: null, job_id: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? 'published' : 'stale';
}

/** A newsletter's published episodes for its podcast feed, newest first. */
export async function publishedEpisodes(db: EpisodesDb, newsletterId: string): Promise<EpisodeRecord[]> {
  return db
    .selectFrom('episodes')
    .selectAll()
    .where('newsletter_id', '=', newsletterId)
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .execute();
}

export async function listFeeds(db: EpisodesDb, publisherId: string) {
  return db.selectFrom('podcast_feeds').selectAll().where('publisher_id', '=', publisherId).orderBy('created_at', 'asc').execute();
}

export async function insertFeed(db: EpisodesDb, values: { publisherId: string; url: string; title: string }): Promise<string> {
  const id = randomUUID();
  await db.insertInto('podcast_feeds').values({ id, publisher_id: values.publisherId, url: values.url, title: values.title }).execute();
  return id;
}

export function findFeed(db: EpisodesDb, id: string) {
  return db.selectFrom('podcast_feeds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Forgets one of the publisher's feeds; answers whether there was one. */
export async function deleteFeed(db: EpisodesDb, publisherId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('podcast_feeds').where('id', '=', id).where('publisher_id', '=', publisherId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A newsletter by its key (any case) with its publisher's title, for its public podcast feed. */
export async function findFeedNewsletter(db: EpisodesDb, key: string) {
  const newsletter = await findNewsletterByKey(db, key);
  if (!newsletter) return undefined;
  const publisher = await findPublisher(db, newsletter.publisher_id);
  return publisher && { ...newsletter, publisher: publisher.title };
}
