/**
 * Before the API tests: the starting points the run's test servers share (tests/api/server.ts).
 * - A new in-memory database, dumped as PGlite's initdb left it: a server with other plugins
 *   starts from it and migrates its own.
 * - One in-memory database with every migration of the default plugins, dumped to a file: a
 *   server that seeds its own demo data starts from it instead of creating a data folder (initdb)
 *   and migrating it.
 * - The demo data, seeded once by a test server with the default settings: its PGlite dump, its
 *   DATA_DIR, and on PostgreSQL a database the test servers copy. Seeding took most of a server's
 *   start, and the API tests start about two hundred servers (decision 0030).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { buildServer } from '../../core/server/app';
import { embeddedDatabase } from '../../core/server/db/database';
import { migrate } from '../../core/server/db/migrate';
import { openPGlite } from '../../core/server/db/pglite';
import { readEnv } from '../../core/server/env';
import { loadPlugins } from '../../core/server/plugins/registry';
import {
  databaseUrl,
  dropDatabase,
  onPostgres,
  readDump,
  startingPointsVariable,
  testEnv,
  walTrimmedDump,
  type SeededPoint,
  type StartingPoints,
} from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // vitest calls it for the root config and for each project that extends it: the first call makes
  // the starting points, and the others find them.
  if (process.env[startingPointsVariable]) return async () => {};
  const dir = mkdtempSync(join(tmpdir(), 'masthead-start-'));
  const dumpTo = async (pglite: PGlite, file: string) => writeFileSync(file, await walTrimmedDump(pglite));

  const created = join(dir, 'created.tar');
  const migrated = join(dir, 'migrated.tar');
  const pglite = await openPGlite();
  await dumpTo(pglite, created);
  await migrate(embeddedDatabase(pglite), (await loadPlugins(readEnv({}).pluginsDir)).migrations);
  await dumpTo(pglite, migrated);
  await pglite.close();

  const url = process.env.TEST_DATABASE_URL;
  const template = url ? `test_seeded_${randomBytes(6).toString('hex')}` : undefined;
  const [pgliteSeeded, postgres] = await Promise.all([seedOnPGlite(dir, migrated, dumpTo), url && template ? seedOnPostgres(dir, url, template) : undefined]);
  const points: StartingPoints = { created, migrated, seeded: { pglite: pgliteSeeded, postgres } };
  // The test files' processes inherit it.
  process.env[startingPointsVariable] = JSON.stringify(points);
  return async () => {
    if (url && template) await dropDatabase(url, template);
    rmSync(dir, { recursive: true, force: true });
  };
}

/** The demo data on PGlite, seeded by a server that started from the migrated database. */
async function seedOnPGlite(dir: string, migrated: string, dumpTo: (pglite: PGlite, file: string) => Promise<void>): Promise<SeededPoint> {
  const dataDir = join(dir, 'pglite-data');
  mkdirSync(dataDir);
  const pglite = await openPGlite(undefined, readDump(migrated));
  // buildServer seeds; the server never gets ready, so it never listens for sockets either.
  const server = await buildServer({ env: testEnv(dataDir), database: embeddedDatabase(pglite), logger: false });
  // Nothing runs while it is dumped: the job queue stops first.
  await server.context.jobs.stop();
  const dump = join(dir, 'seeded.tar');
  await dumpTo(pglite, dump);
  await server.close();
  return { dump, dataDir };
}

/** The demo data in a database of its own on the PostgreSQL server, for the test servers to copy. */
async function seedOnPostgres(dir: string, url: string, database: string): Promise<NonNullable<StartingPoints['seeded']['postgres']>> {
  await onPostgres(url, (client) => client.query(`create database "${database}"`));
  const dataDir = join(dir, 'postgres-data');
  mkdirSync(dataDir);
  const env = testEnv(dataDir);
  env.databaseUrl = databaseUrl(url, database);
  const server = await buildServer({ env, memoryDatabase: true, databaseSchema: 'seeded', logger: false });
  await server.close();
  return { database, schema: 'seeded', dataDir };
}
