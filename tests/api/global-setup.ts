/**
 * Before the API tests: one in-memory database with every migration of the default plugins,
 * dumped to a file that each test server of the run starts from (tests/api/server.ts). Creating a
 * data folder (initdb) and migrating it took most of a bare server's start, and the API tests
 * start about two hundred servers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationSources } from '../../core/server/app';
import { embeddedDatabase } from '../../core/server/db/database';
import { migrate } from '../../core/server/db/migrate';
import { openPGlite } from '../../core/server/db/pglite';
import { readEnv } from '../../core/server/env';
import { loadPlugins } from '../../core/server/plugins/registry';
import { snapshotVariable } from './server';

export default async function globalSetup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'masthead-snapshot-'));
  const pglite = await openPGlite();
  await migrate(embeddedDatabase(pglite), migrationSources(await loadPlugins(readEnv({}).pluginsDir)));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  // The test files' processes inherit it.
  process.env[snapshotVariable] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
