/**
 * The database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when DATABASE_URL is
 * set. Both run the same SQL; Kysely builds the queries.
 */
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openPGlite } from './pglite';
import { PGliteDialect } from './pglite-dialect';
import { preparingPool } from './prepared';
import type { CoreTables } from './tables';

export type Db = Kysely<CoreTables>;

/**
 * A database handle as it crosses from one plugin to another: the pool or a transaction, with no
 * table named. A plugin's public service takes one and its store alone sees it with the plugin's
 * own tables (`ownTables`), so no plugin's typing reaches another's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a handle that names no table: each owner gives it its own tables with ownTables
export type Handle = Kysely<any>;

/** The handle with the owner's tables (the core's too, which only the core's queries name): for a plugin's own store. */
export function ownTables<Tables>(db: Handle): Kysely<CoreTables & Tables> {
  return db;
}

/** The handle with the core's tables: for the core's own queries on a handle a plugin passes. */
export const coreTables = (db: Handle): Db => db;

/** Runs `work` in a transaction: the caller's when `db` is one already (so one plugin's writes can join another's), else a new one. */
export function inTransaction<Tables, T>(db: Kysely<Tables>, work: (tx: Transaction<Tables>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Tables>) : db.transaction().execute(work);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a script of several statements. */
  exec(script: string): Promise<void>;
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
    exec: async (script) => {
      await sql.raw(script).execute(db);
    },
    close: () => db.destroy(),
  };
}
