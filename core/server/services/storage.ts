/**
 * The storage adapter: uploaded files on disk under DATA_DIR/uploads by default, or in an
 * S3-compatible bucket when S3_BUCKET is set. Stored names are made here (folder, month, random
 * id, an extension from the detected type); nothing a client sends becomes part of a path.
 * Every file is reachable at `/uploads/<key>` (or at S3_PUBLIC_URL/<key> when the bucket is public).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { clock } from '../clock';
import { loadAws4fetch } from '../on-first-use';

export interface StoredFile {
  key: string;
  url: string;
  size: number;
  contentType: string;
}

export interface FileBody {
  body: Readable;
  size: number;
  contentType: string;
}

export interface Storage {
  kind: 'disk' | 's3';
  /** Stores a file at a key made by `newKey` (never from a client's input). */
  put(key: string, body: Buffer, contentType: string): Promise<StoredFile>;
  /** The file at `key`, or null when there is none. */
  read(key: string): Promise<FileBody | null>;
  remove(key: string): Promise<void>;
  /** The address a browser loads the file from. */
  urlOf(key: string): string;
  /**
   * Keeps every file where it is until the answered release is called: removals asked meanwhile
   * wait and then run. A backup holds them while it copies the files, so a file its database
   * snapshot names cannot go between the snapshot and the copy.
   */
  holdRemovals(): () => void;
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket is publicly readable; files are served through /uploads otherwise. */
  publicUrl?: string;
}

/** A key this adapter could have made: `<folder>/<yyyy-mm>/<uuid>[-variant].<ext>`. */
const keyPattern = /^[a-z][a-z-]*\/\d{4}-\d{2}\/[0-9a-f-]{36}(?:-[a-z0-9]+)?\.[a-z0-9]{2,5}$/;
export const isStorageKey = (key: string) => keyPattern.test(key);

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  wav: 'audio/wav',
};
export const contentTypeOf = (key: string) => contentTypes[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** A new key in `folder`; `variantOf` makes a sibling name for a derived file (a resized image). */
export function newKey(folder: string, ext: string, variantOf?: { key: string; variant: string }): string {
  if (variantOf) return variantOf.key.replace(/(\.[a-z0-9]+)$/, `-${variantOf.variant}.${ext}`);
  if (!/^[a-z][a-z-]*$/.test(folder) || !/^[a-z0-9]{2,5}$/.test(ext)) throw new Error(`storage: bad folder or extension ${folder} .${ext}`);
  const month = clock.now().toISOString().slice(0, 7);
  return `${folder}/${month}/${randomUUID()}.${ext}`;
}

export function createStorage(options: { dataDir: string; s3?: S3Settings }): Storage {
  return options.s3 ? s3Storage(options.s3) : diskStorage(join(options.dataDir, 'uploads'));
}

export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** Removals held by `holdRemovals`: while any hold is on, each waits for the last release. */
function removalHolds(): Pick<Storage, 'holdRemovals'> & { afterHolds(): Promise<void> } {
  let holds = 0;
  let released: Promise<void> = Promise.resolve();
  let release = () => {};
  return {
    holdRemovals() {
      if (holds++ === 0) released = new Promise((done) => (release = done));
      let on = true;
      return () => {
        if (!on) return;
        on = false;
        if (--holds === 0) release();
      };
    },
    afterHolds: () => (holds > 0 ? released : Promise.resolve()),
  };
}

function diskStorage(root: string): Storage {
  const { holdRemovals, afterHolds } = removalHolds();
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`storage: not a storage key: ${key}`);
    return join(root, key);
  };
  return {
    kind: 'disk',
    async put(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
      return { key, url: `/uploads/${key}`, size: body.length, contentType };
    },
    async read(key) {
      if (!isStorageKey(key)) return null;
      const info = await stat(pathOf(key)).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(pathOf(key)), size: info.size, contentType: contentTypeOf(key) };
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await afterHolds();
      await rm(pathOf(key), { force: true });
    },
    urlOf: (key) => `/uploads/${key}`,
    holdRemovals,
  };
}

function s3Storage(settings: S3Settings): Storage {
  const client = new (loadAws4fetch().AwsClient)({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
  });
  const objectUrl = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`storage: not a storage key: ${key}`);
    return `${settings.endpoint.replace(/\/$/, '')}/${settings.bucket}/${key}`;
  };
  const { holdRemovals, afterHolds } = removalHolds();
  const urlOf = (key: string) => (settings.publicUrl ? `${settings.publicUrl.replace(/\/$/, '')}/${key}` : `/uploads/${key}`);
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' },
      });
      if (!response.ok) throw new Error(`storage: S3 PUT ${key} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      return { key, url: urlOf(key), size: body.length, contentType };
    },
    async read(key) {
      if (!isStorageKey(key)) return null;
      const response = await client.fetch(objectUrl(key));
      if (response.status === 404) return null;
      if (!response.ok || !response.body) throw new Error(`storage: S3 GET ${key} answered ${response.status}`);
      return {
        body: Readable.fromWeb(response.body as never),
        size: Number(response.headers.get('content-length') ?? 0),
        contentType: response.headers.get('content-type') ?? contentTypeOf(key),
      };
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await afterHolds();
      const response = await client.fetch(objectUrl(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw new Error(`storage: S3 DELETE ${key} answered ${response.status}`);
    },
    urlOf,
    holdRemovals,
  };
}
