/**
 * The first start on a new data folder. Creating the embedded database (initdb), running every
 * migration and adding the demo data touch memory the process never gives back: the database's
 * WebAssembly memory does not shrink, and the heap keeps its high-water mark. A short-lived child
 * process (setup.ts) does that work and exits; the server then opens a database that is ready,
 * as on any later start, and stays about 50 MB smaller. A new PostgreSQL database is prepared the
 * same way (the migrations, and the demo data, whose images load sharp): the server would
 * otherwise hold some 100 MB more through its first send.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { pluginsConfig } from '../shared/config';
import { openDatabase, type Database, type Db } from './db/database';
import { migrationFiles, migrationSources } from './db/migrate';
import { copyingStopped } from './demo-template';
import type { ServerEnv } from './env';

// TypeScript when the server runs from its sources (dev, e2e), JavaScript when compiled (npm start).
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

/** The embedded database of DATA_DIR does not exist yet, or its copy from the demo template did not finish (a PostgreSQL server needs none of this). */
export function isNewDataFolder(env: ServerEnv): boolean {
  return !env.databaseUrl && (!existsSync(join(env.dataDir, 'pglite', 'PG_VERSION')) || copyingStopped(env.dataDir));
}

/** A first start stopped while it copied the demo template left half a database: it goes, and this start begins again. */
export function startOver(env: ServerEnv): void {
  if (!copyingStopped(env.dataDir)) return;
  for (const folder of ['pglite', 'uploads']) rmSync(join(env.dataDir, folder), { recursive: true, force: true });
}

/** Runs setup.ts in a child process with this process's Node options, and waits for it. */
export async function prepareInChildProcess(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, join(import.meta.dirname, `setup.${ext}`)], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  // setup.ts has said what went wrong.
  if (code !== 0) process.exit(1);
}

// Held while a server prepares a new PostgreSQL database (per schema): the others starting with it wait.
const prepareLockKey = 8_427_002;

/**
 * Opens the PostgreSQL database, first preparing it in setup.ts' process when it misses a
 * migration this build has, or the demo data it is to have. Servers that start together on a new
 * database take turns: the first prepares it, the others find it ready and start as a restart
 * does. An up-to-date database costs one query, on the connection the server goes on to use.
 */
export async function openPreparedPostgres(env: ServerEnv): Promise<Database> {
  const database = await openDatabase({ url: env.databaseUrl, schema: env.databaseSchema });
  const lock = sql`${prepareLockKey}, hashtext(${env.databaseSchema ?? ''})`;
  try {
    await database.db.connection().execute(async (connection) => {
      if (!(await isUnprepared(connection, env))) return;
      await sql`select pg_advisory_lock(${lock})`.execute(connection);
      try {
        if (await isUnprepared(connection, env)) await prepareInChildProcess();
      } finally {
        await sql`select pg_advisory_unlock(${lock})`.execute(connection);
      }
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** The database misses a migration of the core or of an enabled plugin, or, with DEMO_DATA, the demo data (seed.ts adds it to an empty database only). */
async function isUnprepared(db: Db, env: ServerEnv): Promise<boolean> {
  // The migrations the server runs, without loading the plugins (their order does not matter here).
  const sources = migrationSources(env.pluginsDir, pluginsConfig.enabled);
  try {
    const { rows } = await sql<{ applied: string[]; seeded: boolean }>`
      select array(select id from schema_migrations) as applied,
        exists(select from settings where key = 'demo') or exists(select from users) as seeded`.execute(db);
    const applied = new Set(rows[0]!.applied);
    return migrationFiles(sources).some(({ id }) => !applied.has(id)) || (env.demoData && !rows[0]!.seeded);
  } catch (error) {
    // No migrations table, or not yet the core's tables: a new database.
    if ((error as { code?: string }).code === '42P01') return true;
    throw error;
  }
}
