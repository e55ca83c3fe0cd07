/**
 * The image library's queries. Every read is scoped to one publisher: an image of another
 * publisher is never found (the routes answer 404).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../../../core/server/db/tables';
import { withPeople, withPerson, type WithPerson } from '../../../core/server/people';
import type { ImageTables } from './tables';
import type { StoredImage } from './variants';
import { clock } from '../../../core/server/clock';

export type ImagesDb = Kysely<CoreTables & ImageTables>;

export interface Credentials {
  alt: string;
  source: string;
  caption: string;
}

export interface ListOptions {
  publisherId: string;
  uploaderId?: string;
  limit: number;
  offset: number;
  desc: boolean;
}

const columns = [
  'images.id',
  'images.publisher_id',
  'images.uploader_id',
  'images.path_key',
  'images.small_key',
  'images.medium_key',
  'images.width',
  'images.height',
  'images.alt',
  'images.source',
  'images.caption',
  'images.created_at',
] as const;

export function selectImages(db: ImagesDb) {
  return db.selectFrom('images').select(columns);
}

/** An image row with its uploader's name and picture. */
export type ImageRow = WithPerson<Awaited<ReturnType<ReturnType<typeof selectImages>['executeTakeFirstOrThrow']>>, 'uploader'>;

export async function listImages(db: ImagesDb, options: ListOptions): Promise<{ rows: ImageRow[]; count: number }> {
  let filtered = db.selectFrom('images').where('publisher_id', '=', options.publisherId);
  if (options.uploaderId) filtered = filtered.where('uploader_id', '=', options.uploaderId);
  let query = selectImages(db).where('images.publisher_id', '=', options.publisherId);
  if (options.uploaderId) query = query.where('images.uploader_id', '=', options.uploaderId);
  const direction = options.desc ? 'desc' : 'asc';
  const [rows, total] = await Promise.all([
    query.orderBy('images.created_at', direction).orderBy('images.id', direction).limit(options.limit).offset(options.offset).execute(),
    filtered.select(db.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withPeople(db, rows, 'uploader_id', 'uploader'), count: Number(total.count) };
}

/** The image, if it belongs to the publisher. */
export async function findImage(db: ImagesDb, publisherId: string, id: string): Promise<ImageRow | undefined> {
  const row = await selectImages(db).where('images.id', '=', id).where('images.publisher_id', '=', publisherId).executeTakeFirst();
  return withPerson(db, row, 'uploader_id', 'uploader');
}

export async function insertImage(
  db: ImagesDb,
  image: { publisherId: string; uploaderId: string | null; stored: StoredImage; credentials: Credentials; createdAt?: Date },
): Promise<string> {
  const id = randomUUID();
  const { stored, credentials } = image;
  await db
    .insertInto('images')
    .values({
      id,
      publisher_id: image.publisherId,
      uploader_id: image.uploaderId,
      path_key: stored.pathKey,
      small_key: stored.smallKey,
      medium_key: stored.mediumKey,
      width: stored.width,
      height: stored.height,
      mime: stored.mime,
      size: stored.size,
      ...credentials,
      ...(image.createdAt ? { created_at: image.createdAt, updated_at: image.createdAt } : {}),
    })
    .execute();
  return id;
}

export async function updateCredentials(db: ImagesDb, id: string, credentials: Credentials): Promise<void> {
  await db
    .updateTable('images')
    .set({ ...credentials, updated_at: clock.now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteImage(db: ImagesDb, id: string): Promise<void> {
  await db.deleteFrom('images').where('id', '=', id).execute();
}
