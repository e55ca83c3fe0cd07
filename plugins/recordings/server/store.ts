/**
 * The recordings' queries. Every read is scoped to one publisher: a recording of another
 * publisher is never found (the routes answer 404).
 */
import type { Insertable, Kysely } from 'kysely';
import type { CoreTables } from '../../../core/server/db/tables';
import { ownTables, type Handle } from '../../../core/server/db/database';
import { withPeople, withPerson, type WithPerson } from '../../../core/server/people';
import type { RecordingTables, RecordingsTable } from './tables';
import { clock } from '../../../core/server/clock';

export type RecordingsDb = Kysely<CoreTables & RecordingTables>;

export const recordingsDb = (db: Handle): RecordingsDb => ownTables(db, 'recordings');

export interface ListOptions {
  publisherId: string;
  uploaderId?: string;
  limit: number;
  offset: number;
  desc: boolean;
}

/** The fields the edit form changes. */
export interface RecordingEdit {
  title: string;
  subtitle: string;
  description: string;
  image: string;
  slug: string;
}

export function selectRecordings(db: RecordingsDb) {
  return db.selectFrom('recordings').selectAll('recordings');
}

/** A recording row with its uploader's name and picture. */
export type RecordingRow = WithPerson<Awaited<ReturnType<ReturnType<typeof selectRecordings>['executeTakeFirstOrThrow']>>, 'uploader'>;

export async function listRecordings(db: RecordingsDb, options: ListOptions): Promise<{ rows: RecordingRow[]; count: number }> {
  let filtered = db.selectFrom('recordings').where('publisher_id', '=', options.publisherId);
  let query = selectRecordings(db).where('recordings.publisher_id', '=', options.publisherId);
  if (options.uploaderId) {
    filtered = filtered.where('uploader_id', '=', options.uploaderId);
    query = query.where('recordings.uploader_id', '=', options.uploaderId);
  }
  const direction = options.desc ? 'desc' : 'asc';
  const [rows, total] = await Promise.all([
    query.orderBy('recordings.created_at', direction).orderBy('recordings.id', direction).limit(options.limit).offset(options.offset).execute(),
    filtered.select(db.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withPeople(db, rows, 'uploader_id', 'uploader'), count: Number(total.count) };
}

/** The recording, if it belongs to the publisher. */
export async function findRecordingRow(db: RecordingsDb, publisherId: string, id: string): Promise<RecordingRow | undefined> {
  const row = await selectRecordings(db).where('recordings.id', '=', id).where('recordings.publisher_id', '=', publisherId).executeTakeFirst();
  return withPerson(db, row, 'uploader_id', 'uploader');
}

/** The publisher's recording imported from this provider episode, if there is one. */
export async function findImported(db: RecordingsDb, publisherId: string, podcastId: string, contentId: string | null): Promise<RecordingRow | undefined> {
  let query = selectRecordings(db).where('recordings.publisher_id', '=', publisherId).where('recordings.podcast_id', '=', podcastId);
  query = contentId === null ? query.where('recordings.content_id', 'is', null) : query.where('recordings.content_id', '=', contentId);
  return withPerson(db, await query.executeTakeFirst(), 'uploader_id', 'uploader');
}

export async function insertRecording(db: RecordingsDb, values: Insertable<RecordingsTable>): Promise<void> {
  await db.insertInto('recordings').values(values).execute();
}

export async function updateRecording(db: RecordingsDb, id: string, edit: RecordingEdit): Promise<void> {
  await db
    .updateTable('recordings')
    .set({ ...edit, updated_at: clock.now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteRecording(db: RecordingsDb, id: string): Promise<void> {
  await db.deleteFrom('recordings').where('id', '=', id).execute();
}
