/**
 * Libraries that only some requests or settings need (images, archives, audio, feeds, imports, rich text, CSV, S3, several processes), loaded on
 * their first use instead of at start: a server at rest does not hold their code, nor, for sharp,
 * libvips (docs/operations.md, Memory). Each is loaded once; its users await it.
 */
import { createRequire } from 'node:module';
import type * as postgresAdapterModule from '@socket.io/postgres-adapter';
import type * as aws4fetchModule from 'aws4fetch';
import type * as csvStringifyModule from 'csv-stringify/sync';
import type * as domUtilsModule from 'domutils';
import type * as htmlParserModule from 'htmlparser2';
import type sanitizeHtmlModule from 'sanitize-html';
import type sharpModule from 'sharp';

const require = createRequire(import.meta.url);

/** `load` on the first call, its answer on every later one. */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * `require(name)` on the first call and its answer on every later one: a CommonJS library whose
 * users are synchronous, so that they stay so.
 */
function requireOnFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
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

/** sanitize-html with htmlparser2 and PostCSS (rich text as it is stored or shown, core/server/sanitize.ts). */
export const loadSanitizeHtml = requireOnFirstUse<typeof sanitizeHtmlModule>('sanitize-html');

/** htmlparser2 and domutils, CommonJS as sanitize-html requires them, so that one copy loads (rich text made ready for where it is read, page meta). */
export const loadHtmlParser = requireOnFirstUse<typeof htmlParserModule>('htmlparser2');
export const loadDomUtils = requireOnFirstUse<typeof domUtilsModule>('domutils');

/** csv-stringify (every CSV the server writes, core/server/csv.ts). */
export const loadCsvStringify = requireOnFirstUse<typeof csvStringifyModule>('csv-stringify/sync');

/** aws4fetch, which signs S3 requests (files in a bucket, S3_* settings). */
export const loadAws4fetch = requireOnFirstUse<typeof aws4fetchModule>('aws4fetch');

/** socket.io's PostgreSQL adapter (several server processes on one PostgreSQL server). */
export const loadPostgresAdapter = requireOnFirstUse<typeof postgresAdapterModule>('@socket.io/postgres-adapter');
