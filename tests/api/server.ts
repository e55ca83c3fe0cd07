/**
 * Starts the real server in-process for API tests: PGlite in memory (and, with
 * TEST_DATABASE_URL, a PostgreSQL server in a schema of its own), a fresh DATA_DIR, demo data.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildServer, type Server } from '../../core/server/app';
import { clockControl } from '../../core/server/clock';
import { readEnv } from '../../core/server/env';
import { demoAccounts } from '../../core/server/seed';
import type { RoleKey } from '../../core/shared/permissions';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases the API tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databases: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const demoPassword = 'Masthead-demo-1';

export interface TestServer {
  server: Server;
  dataDir: string;
  request(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any }>;
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** Where the run's migrated database lies (tests/api/global-setup.ts writes it). */
export const snapshotVariable = 'MASTHEAD_TEST_SNAPSHOT';

let snapshot: Blob | undefined;

/**
 * The migrated database of the default plugins, read once per test file, that a PGlite server
 * starts from; none (a new data folder, migrated by the server) for other plugins or outside vitest.
 */
function migratedSnapshot(kind: DatabaseKind, overrides: Record<string, string>, enabledPlugins?: string[]): Blob | undefined {
  const file = process.env[snapshotVariable];
  if (kind !== 'pglite' || !file || enabledPlugins || overrides.PLUGINS_DIR) return undefined;
  snapshot ??= new Blob([readFileSync(file)]);
  return snapshot;
}

export async function startTestServer(
  kind: DatabaseKind,
  overrides: Record<string, string> = {},
  options: { enabledPlugins?: string[]; logStream?: { write(line: string): void } } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-api-'));
  const env = readEnv({
    DATA_DIR: dataDir,
    DEMO_PASSWORD: demoPassword,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://console.test',
    // Demo audio is spoken by every test server: in its own thread, with no worker threads to start.
    SPEECH_WORKERS: '0',
    // An answer off its declared schema is a 500 the test fails on.
    CHECK_ANSWERS: 'on',
    ...overrides,
  });
  if (kind === 'postgres') env.databaseUrl = process.env.TEST_DATABASE_URL;
  const schema = kind === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const server = await buildServer({
    env,
    memoryDatabase: true,
    databaseSchema: schema,
    databaseSnapshot: migratedSnapshot(kind, overrides, options.enabledPlugins),
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    enabledPlugins: options.enabledPlugins,
  });
  await server.app.ready();

  const request: TestServer['request'] = async (method, url, { token, body, headers } = {}) => {
    const response = await server.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      payload: body === undefined ? undefined : (body as object),
    });
    let parsed: unknown = response.body;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      // not JSON
    }
    return { status: response.statusCode, body: parsed };
  };

  return {
    server,
    dataDir,
    request,
    async login(email, password = demoPassword) {
      const { status, body } = await request('POST', '/api/auth/login', { body: { email, password } });
      if (status !== 200) throw new Error(`login ${email} failed: ${status} ${JSON.stringify(body)}`);
      return body.data as string;
    },
    async close() {
      await server.close();
      if (schema) await dropTestSchema(process.env.TEST_DATABASE_URL!, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo staff's e-mail by role (core/server/seed.ts). */
export const demoEmails = Object.fromEntries(demoAccounts.map((account) => [account.role, account.email])) as Record<RoleKey, string>;

/** Drops a test's schema on a PostgreSQL server, with the job queue's beside it. */
export async function dropTestSchema(url: string, schema: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.query(`drop schema if exists "${schema}_jobs" cascade`);
  await client.end();
}

/**
 * Sets the server's clock to midday (UTC) of today and lets it run from there, for a file whose
 * assertions name the day: whenever the run starts, the day cannot change under them. Call it
 * before the server starts (its demo data is dated by the clock too), read the time from `clock`
 * in the file, and reset the clock (clockControl.reset()) when done.
 */
export function runFromMidday(): void {
  const today = new Date();
  clockControl.set(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12));
}

/** Asks `check` every 200 ms until it answers true or `ms` pass (a job or an event on its way); answers the last answer. */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}
