/**
 * Decoding images within bounds. A small file can hold a huge image (a 16000 x 16000 PNG of one
 * colour is under 1 MB, and 768 MB once decoded), so the pixel limit is read from the header
 * before anything is decoded, and sharp refuses to decode past it even if the header lied. At
 * most a few images are decoded at once; the others wait their turn. docs/operations.md (Memory)
 * has the figures.
 */
import { constants } from '../../../core/shared/config';
import { taskQueue } from '../../../core/server/task-queue';

const { longSide, shortSide } = constants.limits.imageMaxPixels;

/** The most pixels sharp decodes from one upload: all the frames of an animated GIF together. */
export const maxInputPixels = longSide * shortSide;

export const tooLargeMessage = `Image is too large: at most ${longSide} x ${shortSide} pixels.`;

/** Thrown when an image is larger than the pixel limit: the routes answer `tooLargeMessage`. */
export class ImageTooLarge extends Error {}

/** Runs a decoding task when a slot is free (`constants.limits.imageDecodesAtOnce` at once). */
export const decodeInTurn = taskQueue(constants.limits.imageDecodesAtOnce);

/**
 * Refuses an image larger than the limit, in either orientation: its long side at most
 * `longSide`, its short side at most `shortSide`, and all its frames at most their product.
 */
export function assertWithinPixelLimit(width: number, frameHeight: number, frames: number): void {
  const long = Math.max(width, frameHeight);
  const short = Math.min(width, frameHeight);
  if (long > longSide || short > shortSide || width * frameHeight * frames > maxInputPixels) throw new ImageTooLarge(`${width} x ${frameHeight} x ${frames}`);
}

/** sharp's own refusal, when the decoder meets more pixels than `maxInputPixels`. */
export function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /exceeds pixel limit/i.test(error.message);
}
