/**
 * The database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when DATABASE_URL is
 * set. Both run the same SQL; Kysely builds the queries.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { CoreTables } from './tables';

export type Db = Kysely<CoreTables>;

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
  return openPGlite(options.dataDir);
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
  const db = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    exec: async (script) => {
      await sql.raw(script).execute(db);
    },
    close: () => db.destroy(),
  };
}

/** The contrib extensions migrations may create, as a PostgreSQL server ships them (pg_trgm: substring search indexes). */
const extensions = { pg_trgm };

async function openPGlite(dataDir?: string): Promise<Database> {
  let pglite: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir, { extensions });
  } else {
    pglite = await PGlite.create({ extensions });
  }
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
