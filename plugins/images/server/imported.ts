/**
 * Images an import brings into the publisher's library (issue 56, plugins/imports): the bytes a
 * post's image was fetched as, stored with their variants like an upload, with no uploader and
 * the address they came from as their source. JPEG, PNG and GIF are kept as they came; WebP and
 * AVIF (what image CDNs often serve) are kept as PNG, a type every mail client shows.
 */
import { loadFileType, loadSharp } from '../../../core/server/on-first-use';
import type { Handle } from '../../../core/server/db/database';
import { ownTables } from '../../../core/server/db/database';
import type { Storage } from '../../../core/server/services/storage';
import { constants } from '../../../core/shared/config';
import { sizeMessage, typeMessage } from '../rules';
import { ImageTooLarge, maxInputPixels, tooLargeMessage } from './decoding';
import { insertImage } from './store';
import { storeImage, UnreadableImage } from './variants';

/** Why an image was not kept, in words the import's report shows. */
export class ImageRefused extends Error {}

const convertedTypes = new Set(['image/webp', 'image/avif']);

/** Keeps the image in the publisher's library; answers its id and address (as uploaded). Throws ImageRefused. */
export async function keepImportedImage(
  handle: Handle,
  storage: Storage,
  image: { publisherId: string; bytes: Buffer; source: string; alt?: string },
): Promise<{ id: string; url: string }> {
  if (image.bytes.length > constants.limits.imageMaxBytes) throw new ImageRefused(sizeMessage);
  const type = await (await loadFileType()).fileTypeFromBuffer(image.bytes);
  let bytes = image.bytes;
  let mime = type?.mime ?? '';
  if (convertedTypes.has(mime)) {
    const sharp = await loadSharp();
    bytes = await sharp(bytes, { limitInputPixels: maxInputPixels })
      .png()
      .toBuffer()
      .catch(() => Buffer.alloc(0));
    mime = 'image/png';
  }
  if (!(constants.limits.imageTypes as readonly string[]).includes(mime) || bytes.length === 0) throw new ImageRefused(typeMessage);
  let stored;
  try {
    stored = await storeImage(storage, bytes, mime);
  } catch (error) {
    if (error instanceof UnreadableImage) throw new ImageRefused(typeMessage);
    if (error instanceof ImageTooLarge) throw new ImageRefused(tooLargeMessage);
    throw error;
  }
  const id = await insertImage(ownTables(handle, 'images'), {
    publisherId: image.publisherId,
    uploaderId: null,
    stored,
    credentials: { alt: image.alt ?? '', source: image.source.slice(0, 500), caption: '' },
  });
  return { id, url: storage.urlOf(stored.pathKey) };
}
