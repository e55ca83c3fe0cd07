/**
 * The embedded database (PGlite: PostgreSQL compiled to WebAssembly, in this process), sized for
 * one small server: the idle server's memory is mostly this database (docs/operations.md, Memory).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { quickCommitSetting } from './quick-commit';

/** The contrib extensions migrations may create, as a PostgreSQL server ships them (pg_trgm: substring search indexes). */
const extensions = { pg_trgm };

/**
 * PostgreSQL's settings. PGlite keeps PostgreSQL's default of 128 MB of shared buffers, and every
 * page of them that is touched stays in memory for good (WebAssembly memory never shrinks): 16 MB
 * saves about 150 MB. The files stay in the operating system's cache, so reads stay fast. Hot
 * writes wait for the WAL here (quick-commit.ts: PGlite has no WAL writer and dies with us).
 */
const settings = { shared_buffers: '16MB', [quickCommitSetting]: 'on' };

const startParams = [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];

/**
 * The database in dataDir/pglite (created on first use), or in memory when no folder is given
 * (tests). A new database may start from `snapshot`, a data folder PGlite dumped (`dumpDataDir`),
 * instead of a new data folder (initdb): tests start from one made once after the migrations, or
 * with the demo data, instead of migrating and seeding for every server. A folder that holds a
 * database already is opened as it is: PGlite refuses a snapshot there.
 */
export async function openPGlite(dataDir?: string, snapshot?: Blob): Promise<PGlite> {
  if (!dataDir) return PGlite.create({ extensions, startParams, loadDataDir: snapshot });
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return PGlite.create(dir, { extensions, startParams, loadDataDir: snapshot });
}
