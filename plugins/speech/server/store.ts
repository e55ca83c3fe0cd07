/** The speech plugin's queries: chunks with their versions, and the audio records that order them. */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { CoreTables } from '../../../core/server/db/tables';
import { storiesOwnedBy } from '../../stories/server/public';
import type { SpeechContentType } from '../rules';
import type { AudioRow, ChunkRow, ChunkVersionRow, SpeechAudiosTable, SpeechChunksTable, SpeechTables } from './tables';
import { clock } from '../../../core/server/clock';

export type SpeechDb = Kysely<CoreTables & SpeechTables>;

export async function insertChunk(db: SpeechDb, values: Omit<Insertable<SpeechChunksTable>, 'id'>): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('speech_chunks')
    .values({ ...values, id })
    .execute();
  return id;
}

export function findChunk(db: SpeechDb, id: string): Promise<ChunkRow | undefined> {
  return db.selectFrom('speech_chunks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function chunksByIds(db: SpeechDb, ids: string[]): Promise<ChunkRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('speech_chunks').selectAll().where('id', 'in', ids).execute();
}

/** Every audio of the chunks, newest first, by chunk. */
export async function versionsOf(db: SpeechDb, chunkIds: string[]): Promise<Map<string, ChunkVersionRow[]>> {
  const byChunk = new Map<string, ChunkVersionRow[]>(chunkIds.map((id) => [id, []]));
  if (chunkIds.length === 0) return byChunk;
  const rows = await db
    .selectFrom('speech_chunk_versions')
    .selectAll()
    .where('chunk_id', 'in', chunkIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) byChunk.get(row.chunk_id)!.push(row);
  return byChunk;
}

export async function updateChunk(db: SpeechDb, id: string, changes: Updateable<SpeechChunksTable>): Promise<void> {
  await db
    .updateTable('speech_chunks')
    .set({ ...changes, updated_at: clock.now() })
    .where('id', '=', id)
    .execute();
}

/**
 * Keeps a chunk's new audio: a version of its own, and the chunk's current audio when the chunk
 * still says what was spoken (its text or voice may have changed while the engine spoke).
 */
export async function keepChunkAudio(db: SpeechDb, chunk: ChunkRow, audio: { key: string; duration: number }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('speech_chunk_versions')
      .values({
        id: randomUUID(),
        chunk_id: chunk.id,
        text: chunk.text,
        audio_key: audio.key,
        duration: audio.duration,
        voice_id: chunk.voice_id,
        stability: chunk.stability,
        similarity_boost: chunk.similarity_boost,
      })
      .execute();
    const result = await trx
      .updateTable('speech_chunks')
      .set({ audio_key: audio.key, duration: audio.duration, generating: false, error: null, updated_at: clock.now() })
      .where('id', '=', chunk.id)
      .where('text', '=', chunk.text)
      .where('voice_id', '=', chunk.voice_id)
      .where('stability', '=', chunk.stability)
      .where('similarity_boost', '=', chunk.similarity_boost)
      .executeTakeFirst();
    const current = Number(result.numUpdatedRows) > 0;
    if (!current) await trx.updateTable('speech_chunks').set({ generating: false }).where('id', '=', chunk.id).execute();
    if (current) await draftAudiosWith(trx, chunk.id);
    return current;
  });
}

/** The audio records with this chunk among their parts go back to draft: their built file no longer says what the chunk says. */
export async function draftAudiosWith(db: SpeechDb, chunkId: string): Promise<void> {
  await db
    .updateTable('speech_audios')
    .set({ status: 'draft', updated_at: clock.now() })
    .where(sql<boolean>`parts::jsonb @> ${JSON.stringify([chunkId])}::jsonb`)
    .where('status', '!=', 'draft')
    .execute();
}

export async function insertAudio(db: SpeechDb, values: Omit<Insertable<SpeechAudiosTable>, 'id'>): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('speech_audios')
    .values({ ...values, id })
    .execute();
  return id;
}

export function findAudio(db: SpeechDb, id: string): Promise<AudioRow | undefined> {
  return db.selectFrom('speech_audios').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The episode the content already has from an earlier audio, carried by a new record. */
export async function episodeOfContent(db: SpeechDb, contentId: string): Promise<string | null> {
  const row = await db
    .selectFrom('speech_audios')
    .select('episode_id')
    .where('content_id', '=', contentId)
    .where('episode_id', 'is not', null)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  return row?.episode_id ?? null;
}

export async function updateAudio(db: SpeechDb, id: string, changes: Updateable<SpeechAudiosTable>): Promise<void> {
  await db
    .updateTable('speech_audios')
    .set({ ...changes, updated_at: clock.now() })
    .where('id', '=', id)
    .execute();
}

export const partsOf = (row: Pick<AudioRow, 'parts'>): string[] => JSON.parse(row.parts) as string[];

export interface AudioFilters {
  newsletterIds: string[];
  /** Authors: only audio of the stories they write. */
  ownerId?: string;
  ids?: string[];
  contentIds?: string[];
  contentTypes?: SpeechContentType[];
  statuses?: string[];
}

export async function listAudios(
  db: SpeechDb,
  filters: AudioFilters,
  order: { column: 'created_at' | 'updated_at'; desc: boolean },
  page: { page: number; limit: number },
): Promise<{ rows: AudioRow[]; count: number }> {
  let base = db.selectFrom('speech_audios').where('speech_audios.newsletter_id', 'in', filters.newsletterIds.length > 0 ? filters.newsletterIds : ['']);
  if (filters.ids) base = base.where('speech_audios.id', 'in', orNone(filters.ids));
  if (filters.contentIds) base = base.where('speech_audios.content_id', 'in', orNone(filters.contentIds));
  if (filters.contentTypes) base = base.where('speech_audios.content_type', 'in', orNone(filters.contentTypes) as SpeechContentType[]);
  if (filters.statuses) base = base.where('speech_audios.status', 'in', orNone(filters.statuses) as AudioRow['status'][]);
  if (filters.ownerId) base = base.where('speech_audios.content_id', 'in', orNone(await storiesOwnedBy(db, filters.ownerId)));
  const direction = order.desc ? 'desc' : 'asc';
  const [rows, total] = await Promise.all([
    base
      .selectAll('speech_audios')
      .orderBy(`speech_audios.${order.column}`, direction)
      .orderBy('speech_audios.id', direction)
      .limit(page.limit)
      .offset(page.page * page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

const orNone = (values: string[]) => (values.length > 0 ? values : ['']);
