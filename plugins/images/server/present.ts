/** What a client sees of an image: URLs, never storage keys. */
import type { Image } from '../../../schemas/generated/entities/image';
import { iso, personOf } from '../../../core/server/present';
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
    uploader: personOf(row.uploader_id, row.uploader_name, row.uploader_image),
    publisher: row.publisher_id,
    createdAt: iso(row.created_at),
  };
}
