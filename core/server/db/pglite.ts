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
 * page of them that is touched stays in memory for good (WebAssembly memory never shrinks, and a
 * start touches them all): 8 MB saves about 160 MB. The files stay in the operating system's
 * cache, so reads stay fast (the demo's lists and a send's writes took the same time with 16 MB;
 * 4 MB made lists some 10 % slower). One backend and no replication: the shared memory sized for
 * PostgreSQL's hundred connections (their lock tables and process slots) is 4 MB more, all touched.
 * Hot writes wait for the WAL here (quick-commit.ts: PGlite has no WAL writer and dies with us).
 */
const settings = {
  shared_buffers: '8MB',
  max_connections: '1',
  superuser_reserved_connections: '0',
  max_wal_senders: '0',
  autovacuum_max_workers: '1',
  [quickCommitSetting]: 'on',
};

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

/**
 * The database's data folder as a tarball (PGlite's `dumpDataDir`, held in memory once: the
 * embedded database is for small installs), taken after a checkpoint and without the write-ahead
 * log segments before it, which a start from the tarball never reads. The tarball is a consistent
 * picture of the database, as a crash would leave it: PGlite runs one statement at a time and takes
 * it between two, and a start replays the log from the checkpoint on. While the database is in use
 * (a backup of a running server) every later segment is kept, since the log may move on between the
 * checkpoint and the dump; a database nobody else writes to (`quiet`: the tests' seeded dumps) also
 * leaves out the segments made ready for later, half of a fresh database's tarball.
 */
export async function databaseSnapshot(pglite: PGlite, options: { quiet?: boolean } = {}): Promise<Buffer> {
  await pglite.exec('checkpoint');
  const {
    rows: [wal],
  } = await pglite.query<{ first: string; last: string }>(
    'select redo_wal_file as first, pg_walfile_name(pg_current_wal_lsn()) as last from pg_control_checkpoint()',
  );
  const tar = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  const kept: Uint8Array[] = [];
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) {
      kept.push(tar.subarray(at));
      break;
    }
    // A ustar header: the name (with its prefix) and the size in octal.
    const prefix = text(header.subarray(345, 500));
    const name = `${prefix ? `${prefix}/` : ''}${text(header.subarray(0, 100))}`;
    const size = parseInt(text(header.subarray(124, 136)).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const segment = /pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (!segment || (segment >= wal!.first && (!options.quiet || segment <= wal!.last))) kept.push(tar.subarray(at, end));
    at = end;
  }
  return Buffer.concat(kept);
}
