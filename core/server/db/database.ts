/**
 * The database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when DATABASE_URL is
 * set. Both run the same SQL; Kysely builds the queries.
 */
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { databaseSnapshot, openPGlite } from './pglite';
import { PGliteDialect } from './pglite-dialect';
import { serverLocks, sessionLocks, unlocked, type ProcessLocks } from './process-locks';
import { preparingPool } from './prepared';
import type { CoreTables, PluginTables } from './tables';

export type Db = Kysely<CoreTables>;

/**
 * A database handle as it crosses from one plugin to another: the pool or a transaction, on which
 * nothing can be queried (it names no table and runs no SQL). Any Kysely handle is one. A plugin's
 * store opens it with the plugin's own tables (`ownTables(db, 'stories')`), the core's queries with
 * the core's (`coreTables`), so no plugin's typing reaches another's tables.
 */
export interface Handle {
  readonly isTransaction: boolean;
}

/** A plugin that owns tables: its id, as it adds its tables to `PluginTables` (core/server/db/tables.ts). */
export type TableOwner = keyof PluginTables;

/** A handle opened with a plugin's tables and the core's (which only the core's queries name): the plugin's own store's. */
export type OwnDb<Owner extends TableOwner> = Kysely<CoreTables & PluginTables[Owner]>;

/**
 * The handle with the tables of `owner`, the plugin whose store asks (its folder's name:
 * masthead/own-tables refuses another's id): a query on any other plugin's table does not compile.
 */
export function ownTables<Owner extends TableOwner>(db: Handle, _owner: Owner): OwnDb<Owner> {
  return db as OwnDb<Owner>;
}

/** The handle with the core's tables: for the core's own queries on a handle a plugin passes. */
export const coreTables = (db: Handle): Db => db as Db;

/**
 * Runs `work` in a transaction: the caller's when `db` is one already (so one plugin's writes can
 * join another's), else a new one. On an opened handle the transaction has its tables; on a
 * `Handle` it is one too, which each part opens with its own.
 */
export function inTransaction<Tables, T>(db: Kysely<Tables>, work: (tx: Transaction<Tables>) => Promise<T>): Promise<T>;
export function inTransaction<T>(db: Handle, work: (tx: Handle) => Promise<T>): Promise<T>;
export function inTransaction<T>(handle: Handle, work: (tx: Transaction<unknown>) => Promise<T>): Promise<T> {
  const db = handle as Kysely<unknown>;
  return db.isTransaction ? work(db as Transaction<unknown>) : db.transaction().execute(work);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Locks held while this process lives (process-locks.ts). */
  locks: ProcessLocks;
  /** Runs a script of several statements. */
  exec(script: string): Promise<void>;
  /** The embedded database's consistent snapshot, as a tarball of its data folder (pglite.ts databaseSnapshot); a PostgreSQL server is backed up with pg_dump. */
  snapshot?: () => Promise<Buffer>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server address; PGlite when absent. */
  url?: string;
  /** PGlite's data folder; in memory when absent. */
  dataDir?: string;
  /** A PostgreSQL schema to work in (tests give each run its own). */
  schema?: string;
}

// Timestamps as Date, bigint counts as numbers: the same on both engines.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.schema);
  return embeddedDatabase(await openPGlite(options.dataDir));
}

async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema if not exists "${schema.replace(/"/g, '')}"`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    options: schema ? `-c search_path="${schema.replace(/"/g, '')}"` : undefined,
  });
  // A pooler in transaction mode (PgBouncer before 1.21) cannot keep a connection's prepared statements.
  const prepare = process.env.DATABASE_PREPARE !== 'off';
  const db = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool: prepare ? preparingPool(pool) : pool }) });
  return {
    db,
    kind: 'postgres',
    // A pooler in transaction mode keeps no session for a client: no session locks either.
    locks: prepare ? serverLocks(pool) : unlocked,
    exec: async (script) => {
      await sql.raw(script).execute(db);
    },
    close: () => db.destroy(),
  };
}

/** The database over an open PGlite (tests that dump it make their own, see openPGlite). */
export function embeddedDatabase(pglite: PGlite): Database {
  const db = new Kysely<CoreTables>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    locks: sessionLocks(db),
    exec: async (script) => {
      await sql.raw(script).execute(db);
    },
    snapshot: () => databaseSnapshot(pglite),
    close: () => db.destroy(),
  };
}
