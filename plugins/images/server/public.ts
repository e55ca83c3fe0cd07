/** What other plugins may use of the images plugin's server: a publisher's library images (demo covers and banners), and an image's original for e-mail. */
import { ownTables, type Handle } from '../../../core/server/db/database';
import type { Storage } from '../../../core/server/services/storage';

/**
 * The addresses of a publisher's images, oldest first: at their medium size (WebP, for pages), or
 * as uploaded (PNG or JPEG, what every mail client shows).
 */
export async function libraryImages(db: Handle, storage: Storage, publisherId: string, size: 'medium' | 'original' = 'medium'): Promise<string[]> {
  const rows = await ownTables(db, 'images')
    .selectFrom('images')
    .select(['medium_key', 'path_key'])
    .where('publisher_id', '=', publisherId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => storage.urlOf(size === 'medium' ? row.medium_key : row.path_key));
}

/**
 * For the address of a resized copy of one of the publisher's images (WebP, what the picker hands
 * out for pages), the address of the image as uploaded (PNG, JPEG or GIF: what every mail client
 * shows, Outlook's included); any other address as it is.
 */
export async function originalImageAddress(db: Handle, storage: Storage, publisherId: string, address: string): Promise<string> {
  const prefix = storage.urlOf('');
  if (!address.startsWith(prefix)) return address;
  const key = address.slice(prefix.length);
  const row = await ownTables(db, 'images')
    .selectFrom('images')
    .select('path_key')
    .where('publisher_id', '=', publisherId)
    .where((eb) => eb.or([eb('medium_key', '=', key), eb('small_key', '=', key)]))
    .executeTakeFirst();
  return row ? storage.urlOf(row.path_key) : address;
}

/** Images an import brings: stored as an upload's, with no uploader (plugins/imports). */
export { ImageRefused, keepImportedImage } from './imported';
export { sizeMessage } from '../rules';
