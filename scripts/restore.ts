/**
 * `npm run restore -- <file>`: unpacks a backup (`npm run backup`) into DATA_DIR, which must be a
 * new, empty folder; then `npm start` runs on it. On PostgreSQL (DATABASE_URL) the stored files are
 * restored here and the database with pg_restore (docs/operations.md, Backups).
 */
import { resolve } from 'node:path';
import { restoreBackup, RestoreRefused } from '../core/server/backup';
import { readEnv } from '../core/server/env';

const source = process.argv[2];
if (!source) {
  console.error('Usage: DATA_DIR=<new folder> npm run restore -- <backup file>');
  process.exit(2);
}
const env = readEnv();
try {
  const started = Date.now();
  const { manifest, files } = await restoreBackup(resolve(source), env.dataDir, { embedded: !env.databaseUrl });
  const database = manifest.database === 'embedded' && !env.databaseUrl ? 'the database and ' : '';
  console.log(
    `Restored ${database}${files} stored files into ${env.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s, from a backup taken ${manifest.createdAt} by Masthead ${manifest.app}.`,
  );
  if (env.databaseUrl) console.log('The database is on PostgreSQL: restore it with pg_restore (docs/operations.md, Backups).');
} catch (error) {
  console.error(`The restore failed: ${error instanceof RestoreRefused ? error.message : (error as Error).message}`);
  process.exit(1);
}
