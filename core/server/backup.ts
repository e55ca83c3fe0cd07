/**
 * Backups of an instance (docs/operations.md, Backups): one zip file with the embedded database's
 * snapshot and the files the server keeps in DATA_DIR (uploads, the mail outbox, the push outbox).
 * `npm run backup -- <file>` asks a running server for it over its control socket, a Unix socket
 * in DATA_DIR that only who can read DATA_DIR can reach, so the snapshot is taken by the one
 * process that holds the database, while it serves; with no server running, the script opens the
 * data folder itself. `npm run restore -- <file>` unpacks one into an empty DATA_DIR.
 *
 * Consistency: the database's snapshot is one instant (pglite.ts databaseSnapshot); stored files
 * are written before the rows that name them and never rewritten, and removals wait while the files
 * are copied (Storage.holdRemovals), so every file the snapshot names is in the backup. On
 * PostgreSQL the database is backed up with pg_dump (docs/operations.md) and the backup holds the
 * files alone.
 */
import { createHash } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type yauzl from 'yauzl';
import { loadArchiver, loadYauzl } from './on-first-use';
import { constants } from '../shared/config';
import type { Database } from './db/database';
import { openPGlite } from './db/pglite';
import type { Storage } from './services/storage';

/** The folders of DATA_DIR a backup holds besides the database (the database's own folder is `pglite`). */
export const backedUpFolders = ['uploads', 'outbox', 'push-outbox'] as const;

const manifestName = 'backup.json';
const databaseName = 'database/pglite.tar';

export interface BackupManifest {
  format: 'masthead-backup';
  version: 1;
  /** The Masthead version that wrote it. */
  app: string;
  createdAt: string;
  /** Whether the database is in the backup: the embedded one is, a PostgreSQL server's is not (pg_dump). */
  database: 'embedded' | 'not included';
  files: number;
}

export interface BackupSource {
  dataDir: string;
  /** The embedded database's snapshot; null on PostgreSQL. */
  snapshot: (() => Promise<Buffer>) | null;
  /** Holds removals of stored files while they are copied (absent where nothing else runs). */
  holdRemovals?: () => () => void;
}

/** Writes a backup of `source` to `out` as a zip, streamed: a file is read as it is written. */
export async function writeBackup(out: Writable, source: BackupSource): Promise<BackupManifest> {
  const archiver = await loadArchiver();
  const archive = archiver('zip', { zlib: { level: 1 } });
  const written = pipeline(archive, out);
  // A file the outbox prunes between the listing and its reading is no loss: it was on its way out.
  archive.on('warning', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') archive.abort();
  });
  let files = 0;
  const release = source.holdRemovals?.();
  try {
    const database = source.snapshot ? await source.snapshot() : null;
    if (database) archive.append(database, { name: databaseName });
    for (const folder of backedUpFolders) {
      for (const path of filesUnder(join(source.dataDir, folder))) {
        archive.file(path, { name: `files/${folder}/${relative(join(source.dataDir, folder), path).split(sep).join('/')}` });
        files += 1;
      }
    }
    const manifest: BackupManifest = {
      format: 'masthead-backup',
      version: 1,
      app: constants.appVersion,
      createdAt: new Date().toISOString(),
      database: database ? 'embedded' : 'not included',
      files,
    };
    archive.append(JSON.stringify(manifest, null, 2), { name: manifestName });
    // The output failing (a client gone, the deadline) ends the wait as much as the archive ending.
    await Promise.all([archive.finalize(), written]);
    return manifest;
  } catch (error) {
    archive.abort();
    throw error;
  } finally {
    release?.();
  }
}

/** Every file under `dir` (none when it does not exist), depth first. */
function* filesUnder(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

export class RestoreRefused extends Error {}

export interface RestoreResult {
  manifest: BackupManifest;
  files: number;
}

/**
 * Unpacks the backup at `file` into `dataDir`, which must hold no database nor files yet (a restore
 * never mixes with what is there). `embedded`: whether this instance keeps its database in DATA_DIR
 * (else the backup's database, if any, is left out and the files alone are restored).
 */
export async function restoreBackup(file: string, dataDir: string, options: { embedded: boolean }): Promise<RestoreResult> {
  const taken = ['pglite', ...backedUpFolders].filter((folder) => existsSync(join(dataDir, folder)) && readdirSync(join(dataDir, folder)).length > 0);
  if (taken.length > 0) throw new RestoreRefused(`${dataDir} is not empty (${taken.join(', ')}): restore into a new folder (set DATA_DIR to it).`);
  const unzip = await loadYauzl();
  const zip = await new Promise<yauzl.ZipFile>((done, fail) =>
    unzip.open(file, { lazyEntries: true, autoClose: true }, (error, opened) =>
      error ? fail(new RestoreRefused(`${file} is not a Masthead backup: ${error.message}`)) : done(opened),
    ),
  );
  let manifest: BackupManifest | null = null;
  let database: Buffer | null = null;
  let files = 0;
  const root = resolve(dataDir);
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      if (entry.fileName === manifestName) {
        manifest = JSON.parse((await buffer(await zip.openReadStreamPromise(entry))).toString('utf8')) as BackupManifest;
        continue;
      }
      if (entry.fileName === databaseName) {
        if (options.embedded) database = await buffer(await zip.openReadStreamPromise(entry));
        continue;
      }
      const [top, folder, ...rest] = entry.fileName.split('/');
      const target = resolve(root, folder ?? '', ...rest);
      if (top !== 'files' || !(backedUpFolders as readonly string[]).includes(folder ?? '') || rest.length === 0 || !target.startsWith(root + sep)) {
        throw new RestoreRefused(`${file} holds ${entry.fileName}, which is not part of a Masthead backup.`);
      }
      mkdirSync(dirname(target), { recursive: true });
      await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(target));
      files += 1;
    }
    if (manifest?.format !== 'masthead-backup') throw new RestoreRefused(`${file} is not a Masthead backup: it has no ${manifestName}.`);
    if (database) await (await openPGlite(dataDir, new Blob([new Uint8Array(database)]))).close();
    return { manifest, files };
  } catch (error) {
    // Nothing half restored stays behind: the folder was empty.
    for (const folder of ['pglite', ...backedUpFolders]) rmSync(join(dataDir, folder), { recursive: true, force: true });
    throw error;
  } finally {
    zip.close();
  }
}

/**
 * The control socket's path: in DATA_DIR, or, where that path is longer than a Unix socket's name
 * may be (108 bytes), in the temporary folder under a name made from DATA_DIR.
 */
export function controlSocketPath(dataDir: string): string {
  const inDataDir = join(resolve(dataDir), 'control.sock');
  if (Buffer.byteLength(inDataDir) < 100) return inDataDir;
  return join(tmpdir(), `masthead-${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16)}.sock`);
}

/**
 * Serves GET /backup on the control socket while the server runs. Only the server's own user
 * reaches it (the socket is 0600), as only it can read DATA_DIR, whose database the backup holds.
 */
export async function serveControl(options: {
  dataDir: string;
  database: Database;
  storage: Storage;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
}): Promise<{ close(): Promise<void> }> {
  const path = controlSocketPath(options.dataDir);
  if (await answers(path)) {
    // Several processes on one machine may share DATA_DIR (on PostgreSQL): one of them serves backups.
    options.log.info({ path }, 'the control socket is served by another process');
    return { close: async () => {} };
  }
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/zip' });
    const started = Date.now();
    // A client that stops reading would hold the removals of stored files: the backup has a deadline.
    const deadline = setTimeout(() => response.destroy(new Error('the backup ran past its deadline')), constants.limits.backupMinutes * 60_000);
    response.once('close', () => clearTimeout(deadline));
    writeBackup(response, { dataDir: options.dataDir, snapshot: options.database.snapshot ?? null, holdRemovals: () => options.storage.holdRemovals() }).then(
      (manifest) => options.log.info({ files: manifest.files, database: manifest.database, ms: Date.now() - started }, 'backup written'),
      (error: unknown) => {
        options.log.error({ err: error }, 'backup failed');
        response.destroy(error as Error);
      },
    );
  });
  await new Promise<void>((done, fail) => server.once('error', fail).listen(path, () => done()));
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** Whether another process serves the socket at `path`; a socket file left by a server that died is removed. */
async function answers(path: string): Promise<boolean> {
  if (!existsSync(path)) return false;
  if (!statSync(path).isSocket()) throw new Error(`${path} is not a socket: remove it or move DATA_DIR.`);
  const served = await new Promise<boolean>((done) => {
    const socket = connect(path)
      .once('connect', () => {
        socket.destroy();
        done(true);
      })
      .once('error', () => done(false));
  });
  if (!served) unlinkSync(path);
  return served;
}
