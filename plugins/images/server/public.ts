/** What other plugins may use of the images plugin's server: a publisher's library images (demo covers and banners). */
import type { Db } from '../../../core/server/db/database';
import type { Storage } from '../../../core/server/services/storage';
import type { ImagesTable } from './tables';

/**
 * The addresses of a publisher's images, oldest first: at their medium size (WebP, for pages), or
 * as uploaded (PNG or JPEG, what every mail client shows).
 */
export async function libraryImages(db: Db, storage: Storage, publisherId: string, size: 'medium' | 'original' = 'medium'): Promise<string[]> {
  const rows = await db
    .withTables<{ images: ImagesTable }>()
    .selectFrom('images')
    .select(['medium_key', 'path_key'])
    .where('publisher_id', '=', publisherId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => storage.urlOf(size === 'medium' ? row.medium_key : row.path_key));
}
