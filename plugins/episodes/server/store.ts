/** The episodes plugin's queries: episodes of newsletters, and a publisher's podcast feeds. */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { CoreTables } from '../../../core/server/db/tables';
import { slugify } from '../../../core/shared/text';
import type { EpisodeRecord, EpisodeTables, EpisodesTable } from './tables';

export type EpisodesDb = Kysely<CoreTables & EpisodeTables>;

/** An episode with its uploader's name and picture, as lists and cards need them. */
export type EpisodeRow = EpisodeRecord & { uploader_name: string | null; uploader_image: string | null };

const withUploader = (db: EpisodesDb) =>
  db
    .selectFrom('episodes')
    .leftJoin('users', 'users.id', 'episodes.uploader_id')
    .selectAll('episodes')
    .select(['users.name as uploader_name', 'users.image as uploader_image']);

export async function findEpisode(db: EpisodesDb, id: string): Promise<EpisodeRow | undefined> {
  return withUploader(db).where('episodes.id', '=', id).executeTakeFirst();
}

export async function listEpisodes(
  db: EpisodesDb,
  query: { newsletterIds: string[]; uploaderId?: string; page: number; limit: number; desc: boolean },
): Promise<{ rows: EpisodeRow[]; count: number }> {
  const newsletterIds = query.newsletterIds.length > 0 ? query.newsletterIds : [''];
  let base = db.selectFrom('episodes').where('episodes.newsletter_id', 'in', newsletterIds);
  if (query.uploaderId) base = base.where('episodes.uploader_id', '=', query.uploaderId);
  let rows = withUploader(db).where('episodes.newsletter_id', 'in', newsletterIds);
  if (query.uploaderId) rows = rows.where('episodes.uploader_id', '=', query.uploaderId);
  const direction = query.desc ? 'desc' : 'asc';
  const [items, total] = await Promise.all([
    rows.orderBy('episodes.created_at', direction).orderBy('episodes.id', direction).limit(query.limit).offset(query.page * query.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: items, count: Number(total.count) };
}

/** A slug of the title no other episode of the newsletter has: 'gunun-ozeti', then 'gunun-ozeti-2', ... */
export async function uniqueKey(db: EpisodesDb, newsletterId: string, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title) || 'episode';
  let query = db.selectFrom('episodes').select('key').where('newsletter_id', '=', newsletterId).where('key', 'like', `${base}%`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const taken = new Set((await query.execute()).map((row) => row.key));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

export async function insertEpisode(db: EpisodesDb, values: Omit<Insertable<EpisodesTable>, 'id'>): Promise<string> {
  const id = randomUUID();
  await db.insertInto('episodes').values({ id, ...values }).execute();
  return id;
}

export async function updateEpisode(db: EpisodesDb, id: string, changes: Updateable<EpisodesTable>): Promise<void> {
  await db.updateTable('episodes').set({ ...changes, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function deleteEpisode(db: EpisodesDb, id: string): Promise<void> {
  await db.deleteFrom('episodes').where('id', '=', id).execute();
}

/**
 * Publishes a scheduled episode whose time has come, when the job is the one planned for it
 * (`at` is the time it was planned for). Answers what the job should do: nothing more, or try
 * again later because it ran early.
 */
export async function publishIfDue(db: EpisodesDb, id: string, at: string, now = new Date()): Promise<'published' | 'stale' | 'early'> {
  const episode = await db.selectFrom('episodes').select(['status', 'scheduled_at']).where('id', '=', id).executeTakeFirst();
  if (!episode || episode.status !== 'scheduled' || !episode.scheduled_at || episode.scheduled_at.getTime() !== new Date(at).getTime()) return 'stale';
  if (episode.scheduled_at.getTime() > now.getTime()) return 'early';
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
