/** What a client sees of an image: URLs, never storage keys. */
import type { Image } from '../../../schemas/generated/entities/image';
import type { Storage } from '../../../core/server/services/storage';
import type { ImageRow } from './store';

export function presentImage(row: ImageRow, storage: Storage): Image {
  return {
    _id: row.id,
    path: storage.urlOf(row.path_key),
    alt: row.alt,
    source: row.source,
    caption: row.caption,
    sizes: { small: storage.urlOf(row.small_key), medium: storage.urlOf(row.medium_key) },
    width: row.width,
    height: row.height,
    uploader: row.uploader_id ? { _id: row.uploader_id, name: row.uploader_name ?? '', image: row.uploader_image ?? '' } : null,
    publisher: row.publisher_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
