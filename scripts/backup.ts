/**
 * `npm run backup -- <file>`: a backup of this instance (core/server/backup.ts) in one zip file. A
 * server running on DATA_DIR writes it while it serves (over its control socket); with none, the
 * data folder is opened here. On PostgreSQL (DATABASE_URL) the file holds the stored files and the
 * database is backed up with pg_dump, as docs/operations.md shows.
 */
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { controlSocketPath, writeBackup, type BackupManifest } from '../core/server/backup';
import { databaseSnapshot, openPGlite } from '../core/server/db/pglite';
import { readEnv } from '../core/server/env';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- <file>   (the file to write, for example backups/masthead-2026-12-05.zip)');
  process.exit(2);
}
const env = readEnv();
const file = resolve(target);
const partial = `${file}.partial`;

/** The running server's backup, or null when no server answers on the control socket. */
async function fromServer(): Promise<boolean> {
  const response = await new Promise<import('node:http').IncomingMessage | null>((done, fail) => {
    const asked = request({ socketPath: controlSocketPath(env.dataDir), path: '/backup', method: 'GET' }, done);
    asked.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? done(null) : fail(error)));
    asked.end();
  });
  if (!response) return false;
  if (response.statusCode !== 200) throw new Error(`the server answered ${response.statusCode}`);
  await pipeline(response, createWriteStream(partial));
  if (!response.complete) throw new Error('the server stopped writing the backup (its log says why)');
  return true;
}

async function fromDataFolder(): Promise<BackupManifest> {
  if (env.databaseUrl) return writeBackup(createWriteStream(partial), { dataDir: env.dataDir, snapshot: null });
  if (!existsSync(join(env.dataDir, 'pglite', 'PG_VERSION'))) throw new Error(`${env.dataDir} holds no Masthead database (set DATA_DIR).`);
  const pglite = await openPGlite(env.dataDir);
  try {
    return await writeBackup(createWriteStream(partial), { dataDir: env.dataDir, snapshot: () => databaseSnapshot(pglite) });
  } finally {
    await pglite.close();
  }
}

try {
  const started = Date.now();
  const byServer = await fromServer();
  if (!byServer) await fromDataFolder();
  renameSync(partial, file);
  console.log(
    `Backup written to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s (${byServer ? 'by the running server' : 'from the data folder; no server was running'}).`,
  );
  if (env.databaseUrl) console.log('The database is on PostgreSQL: back it up with pg_dump (docs/operations.md, Backups). This file holds the stored files.');
} catch (error) {
  rmSync(partial, { force: true });
  console.error(`The backup failed: ${(error as Error).message}`);
  process.exit(1);
}
