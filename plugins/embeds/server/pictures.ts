/**
 * The pictures drawn in cards: a page's og:image fetched through the safe fetch (size-capped,
 * private addresses refused), or our own content's image read from storage or from the console's
 * public files (/demo/...). Each is cut to the card's picture as a PNG; a picture that cannot be
 * had leaves the card without one.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { Readable } from 'node:stream';
import { loadFileType, loadSharp } from '../../../core/server/on-first-use';
import { constants } from '../../../core/shared/config';
import type { EmbedSize } from '../../../core/shared/embeds';
import type { ServerEnv } from '../../../core/server/env';
import { fetchLimited, type PrivateAccess } from '../../../core/server/services/safe-fetch';
import type { Storage } from '../../../core/server/services/storage';

const rasterTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);
const maxPixels = constants.limits.imageMaxPixels.longSide * constants.limits.imageMaxPixels.shortSide;

/** The picture cut to `size` (covering it), as a PNG; null when it is not an image sharp can read. */
export async function cutPicture(bytes: Buffer, size: EmbedSize): Promise<Buffer | null> {
  try {
    const sharp = await loadSharp();
    return await sharp(bytes, { limitInputPixels: maxPixels, animated: false }).resize(size.width, size.height, { fit: 'cover' }).png().toBuffer();
  } catch {
    return null;
  }
}

/** A remote image (an og:image): raster types only, at most constants.embeds.imageMaxBytes. */
export async function fetchPicture(address: string, access: PrivateAccess, signal?: AbortSignal): Promise<Buffer | null> {
  try {
    const { body } = await fetchLimited(address, {
      maxBytes: constants.embeds.imageMaxBytes,
      timeoutMs: constants.embeds.fetchTimeoutMs,
      allowPrivate: access,
      tooBigMessage: 'The image is too large.',
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9' },
      signal,
    });
    const type = await (await loadFileType()).fileTypeFromBuffer(body);
    return type && rasterTypes.has(type.mime) ? body : null;
  } catch {
    return null;
  }
}

async function readAll(stream: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Our own content's image by the address it keeps: a stored file (/uploads/...), one of the
 * console's public files (/demo/kuzey-medya.svg), or an http(s) address through the safe fetch.
 */
export async function ownPicture(address: string, context: { storage: Storage; env: ServerEnv; access: PrivateAccess }): Promise<Buffer | null> {
  if (!address) return null;
  const prefix = context.storage.urlOf('');
  if (address.startsWith(prefix)) {
    const file = await context.storage.read(address.slice(prefix.length)).catch(() => null);
    return file ? readAll(file.body, constants.embeds.imageMaxBytes) : null;
  }
  if (/^\/[\w-]+(?:\/[\w.-]+)+$/.test(address) && !address.includes('..')) {
    // The console's public files: in the built console, or in public/ beside it before a build.
    for (const folder of [context.env.distDir, join(dirname(context.env.distDir), 'public')]) {
      const bytes = await readFile(join(folder, normalize(address))).catch(() => null);
      if (bytes) return bytes;
    }
    return null;
  }
  if (/^https?:\/\//i.test(address)) return fetchPicture(address, context.access);
  return null;
}
