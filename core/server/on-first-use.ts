/**
 * Libraries that only some requests need (images, archives, audio, feeds, imports), loaded on
 * their first use instead of at start: a server at rest does not hold their code, nor, for sharp,
 * libvips (docs/operations.md, Memory). Each is loaded once; its users await it.
 */
import type sharpModule from 'sharp';

/** `load` on the first call, its answer on every later one. */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * sharp, set up once for the whole server: each image is decoded once and not again (libvips'
 * operation cache would only hold memory), with one libvips thread per image; the callers' queues
 * decide how many images at once (plugins/images/server/decoding.ts).
 */
export const loadSharp = onFirstUse(async (): Promise<typeof sharpModule> => {
  const sharp = (await import('sharp')).default;
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
});

/** archiver, which writes zips (a backup, a publisher's file). */
export const loadArchiver = onFirstUse(async () => (await import('archiver')).default);

/** yauzl, which reads zips (a restore, a publisher's file, an import). */
export const loadYauzl = onFirstUse(async () => (await import('yauzl')).default);

/** file-type, which tells a file by its first bytes (uploads, fetched pictures and audio). */
export const loadFileType = onFirstUse(() => import('file-type'));

/** csv-parse's streaming parser (imports). */
export const loadCsvParse = onFirstUse(() => import('csv-parse'));
