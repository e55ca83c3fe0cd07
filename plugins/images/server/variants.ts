/**
 * Storing an image: the original as it came, and the resized WebP copies the console shows
 * (cards load `small`, never the original). Uploads, editor uploads and the demo data all store
 * through `storeImage`, so every image has the same files.
 */
import type { Sharp } from 'sharp';
import { loadSharp } from '../../../core/server/on-first-use';
import { constants } from '../../../core/shared/config';
import { newKey, type Storage } from '../../../core/server/services/storage';
import { assertWithinPixelLimit, decodeInTurn, ImageTooLarge, isPixelLimitError, maxInputPixels } from './decoding';

export type VariantName = keyof typeof constants.limits.imageVariants;

export interface StoredImage {
  pathKey: string;
  smallKey: string;
  mediumKey: string;
  /** The original's size as shown (after its EXIF orientation). */
  width: number;
  height: number;
  mime: string;
  size: number;
}

export interface ImageVariants {
  width: number;
  height: number;
  small: Buffer;
  medium: Buffer;
}

/** Thrown when sharp cannot read the file: the routes answer the type message. */
export class UnreadableImage extends Error {}

const extOf: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

/**
 * The resized copies of an image, never larger than the original; an animated GIF stays animated.
 * The image is decoded once, in turn with other uploads: the small copy is made from the medium one.
 */
export async function makeVariants(buffer: Buffer, mime: string): Promise<ImageVariants> {
  const animated = mime === 'image/gif';
  const sharp = await loadSharp();
  const open = (input: Buffer) => sharp(input, { animated, failOn: 'error', limitInputPixels: maxInputPixels });
  const resize = (image: Sharp, width: number) => image.resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  try {
    // The header only: nothing is decoded yet.
    const meta = await sharp(buffer, { animated, limitInputPixels: false }).metadata();
    const turned = !animated && (meta.orientation ?? 1) >= 5;
    const rawWidth = meta.width ?? 0;
    // Animated images report all frames stacked: one frame is pageHeight tall.
    const rawHeight = meta.pageHeight ?? meta.height ?? 0;
    if (!rawWidth || !rawHeight) throw new UnreadableImage('no dimensions');
    assertWithinPixelLimit(rawWidth, rawHeight, animated ? (meta.pages ?? 1) : 1);
    return await decodeInTurn(async () => {
      // EXIF orientation: a phone's portrait photo is stored on its side. GIFs carry none (and
      // sharp cannot rotate several pages).
      const medium = await resize(animated ? open(buffer) : open(buffer).rotate(), constants.limits.imageVariants.medium);
      const small = await resize(open(medium), constants.limits.imageVariants.small);
      return { width: turned ? rawHeight : rawWidth, height: turned ? rawWidth : rawHeight, small, medium };
    });
  } catch (error) {
    if (error instanceof UnreadableImage || error instanceof ImageTooLarge) throw error;
    if (isPixelLimitError(error)) throw new ImageTooLarge((error as Error).message);
    throw new UnreadableImage((error as Error).message);
  }
}

/** Makes the variants, then stores the original and its copies under fresh keys. */
export async function storeImage(storage: Storage, buffer: Buffer, mime: string): Promise<StoredImage> {
  const ext = extOf[mime];
  if (!ext) throw new UnreadableImage(`not an image type we keep: ${mime}`);
  const variants = await makeVariants(buffer, mime);
  const pathKey = newKey('images', ext);
  const smallKey = newKey('images', 'webp', { key: pathKey, variant: 'small' });
  const mediumKey = newKey('images', 'webp', { key: pathKey, variant: 'medium' });
  await Promise.all([
    storage.put(pathKey, buffer, mime),
    storage.put(smallKey, variants.small, 'image/webp'),
    storage.put(mediumKey, variants.medium, 'image/webp'),
  ]);
  return { pathKey, smallKey, mediumKey, width: variants.width, height: variants.height, mime, size: buffer.length };
}

/** Removes an image's files (after its row is gone: a file left behind is harmless, a row without files is not). */
export async function removeImageFiles(storage: Storage, keys: { pathKey: string; smallKey: string; mediumKey: string }): Promise<void> {
  await Promise.all([storage.remove(keys.pathKey), storage.remove(keys.smallKey), storage.remove(keys.mediumKey)]);
}
