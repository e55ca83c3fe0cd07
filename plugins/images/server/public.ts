/** What other plugins may use of the images plugin's server: a publisher's library images (demo covers). */
import type { Db } from '../../../core/server/db/database';
import type { Storage } from '../../../core/server/services/storage';
import type { ImagesTable } from './tables';

/** The addresses of a publisher's images at their medium size, oldest first. */
export async function libraryImages(db: Db, storage: Storage, publisherId: string): Promise<string[]> {
  const rows = await db
    .withTables<{ images: ImagesTable }>()
    .selectFrom('images')
    .select('medium_key')
    .where('publisher_id', '=', publisherId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => storage.urlOf(row.medium_key));
}
