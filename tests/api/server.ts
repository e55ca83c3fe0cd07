/**
 * Starts the real server in-process for API tests: PGlite in memory (and, with
 * TEST_DATABASE_URL, a PostgreSQL server in a database or schema of its own), a fresh DATA_DIR,
 * demo data (decision 0030: most start from demo data seeded once per run).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { buildServer, type Server } from '../../core/server/app';
import { embeddedDatabase } from '../../core/server/db/database';
import { databaseSnapshot, openPGlite } from '../../core/server/db/pglite';
import { clockControl } from '../../core/server/clock';
import { readEnv, type ServerEnv } from '../../core/server/env';
import { demoAccounts } from '../../core/server/seed';
import type { RoleKey } from '../../core/shared/permissions';
import { changeSubscription, subscribersDb } from '../../plugins/subscribers/server/store';
import { payingEmailsOf } from '../../plugins/subscribers/server/subscriber-plans';

export type DatabaseKind = 'pglite' | 'postgres';

/** The engines there are to test on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
const availableEngines: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The engines a test file runs on, declared once at its top (decision 0046): 'every engine' for a
 * file that tests locks, concurrency, a cluster or SQL an engine may read differently; 'embedded'
 * for logic the engine does not change, which runs on the embedded PostgreSQL alone.
 * `npm run test:engines` (TEST_ENGINES=all) runs every file on every engine, for a change to a
 * store or to SQL.
 */
export function enginesFor(need: 'every engine' | 'embedded'): DatabaseKind[] {
  return need === 'embedded' && process.env.TEST_ENGINES !== 'all' ? ['pglite'] : availableEngines;
}

export const demoPassword = 'Masthead-demo-1';

export interface TestServer {
  server: Server;
  dataDir: string;
  request(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any }>;
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** Where the run's starting points lie (tests/api/global-setup.ts makes them, StartingPoints as JSON). */
export const startingPointsVariable = 'MASTHEAD_TEST_START';

/** Seeded demo data on PGlite for a server to start from: its dumped database and the DATA_DIR of its files. */
export interface SeededPoint {
  dump: string;
  dataDir: string;
}

/** What a test server starts from instead of making it again. */
export interface StartingPoints {
  /** A dumped PGlite data folder as initdb made it, with no migration. */
  created: string;
  /** A dumped PGlite data folder with every migration of the default plugins. */
  migrated: string;
  /**
   * The demo data of the default plugins, seeded once at the run's start on the system's clock by
   * a server with the test servers' settings: on PGlite its dump, on PostgreSQL a database to copy
   * (CREATE DATABASE ... TEMPLATE) and its schema; with each the DATA_DIR of the files it stored.
   */
  seeded: { pglite: SeededPoint; postgres?: { database: string; schema: string; dataDir: string } };
}

/** The settings every test server has, over which a test writes its own. */
const testSettings: Readonly<Record<string, string>> = {
  DEMO_PASSWORD: demoPassword,
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  PUBLIC_URL: 'http://console.test',
  // Demo audio is spoken by the test servers: in its own thread, with no worker threads to start.
  SPEECH_WORKERS: '0',
  // An answer off its declared schema is a 500 the test fails on.
  CHECK_ANSWERS: 'on',
};

export function testEnv(dataDir: string, overrides: Record<string, string> = {}): ServerEnv {
  // No built console, whether or not `npm run build` made one (`npm test` builds before vitest): a
  // start registers a route for each of its 675 files (0.1 to 0.4 s), and no API test reads them
  // (the console page's API base is checked from index.html's source, api-url.test.ts). The folder
  // is beside public/, whose files the server reads when there is no build (embeds' pictures).
  const env = readEnv({ DATA_DIR: dataDir, ...testSettings, ...overrides });
  return { ...env, distDir: join(dirname(env.distDir), 'no-built-console') };
}

/** Settings that change nothing of the demo data: a server with only these of its own starts from the seeded demo data. */
const seedNeutral = new Set([
  'SMTP_URL',
  'STRIPE_API_URL',
  'MAIL_RATE',
  'CHECK_ANSWERS',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'JWT_SECRET',
  'API_URL',
  'PODCAST_ALLOW_PRIVATE_FEEDS',
  // The embed service's settings (decision 0040).
  'EMBED_ALLOW_PRIVATE',
  'TWITTER_OEMBED_URL',
  'CHROMIUM_PATH',
  // Signing changes the mail, not the data.
  'DKIM_KEYS',
  // Where bounces come in (decision 0033).
  'BOUNCE_SMTP_PORT',
  'BOUNCE_SMTP_HOST',
  'SES_SNS_TOPIC_ARNS',
  'SES_SNS_CERT_ORIGIN',
  'POSTMARK_WEBHOOK_AUTH',
  'SENDGRID_WEBHOOK_PUBLIC_KEY',
  'MAILGUN_WEBHOOK_SIGNING_KEY',
]);

let startingPoints: StartingPoints | null | undefined;
const dumps = new Map<string, Blob>();

/**
 * A dumped PGlite data folder as PGlite reads it at every start: whole, by `arrayBuffer()`. Node's
 * Blob copies its bytes out in small chunks at each call (for the seeded 63 MB, half of a start's
 * CPU); this one answers the copy it made once. PGlite only reads it: its file system copies what
 * it keeps.
 */
class DumpBlob extends Blob {
  readonly #bytes: ArrayBuffer;

  constructor(bytes: ArrayBuffer) {
    super([bytes]);
    this.#bytes = bytes;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/** A dumped PGlite data folder read from its file, to start a database from. */
export function readDump(file: string): Blob {
  const bytes = readFileSync(file);
  return new DumpBlob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}

/** A dumped PGlite data folder, read once per worker (the server's test files share its modules). */
function dump(file: string): Blob {
  let blob = dumps.get(file);
  if (!blob) dumps.set(file, (blob = readDump(file)));
  return blob;
}

/**
 * Where a server starts: from the seeded demo data when it has the default plugins, settings that
 * change no demo data and the system's clock (the demo data is dated by the clock); else from the
 * migrated database (PGlite) or an empty schema (PostgreSQL), seeding its own; with other plugins,
 * from a database with no migration (PGlite). Outside vitest's run (no starting points), from
 * nothing.
 */
function startOf(
  kind: DatabaseKind,
  overrides: Record<string, string>,
  enabledPlugins?: string[],
): { dataDir?: string; snapshot?: Blob; postgres?: { database: string; schema: string } } {
  if (startingPoints === undefined) {
    const value = process.env[startingPointsVariable];
    startingPoints = value ? (JSON.parse(value) as StartingPoints) : null;
  }
  if (!startingPoints) return {};
  if (enabledPlugins || overrides.PLUGINS_DIR) return kind === 'pglite' ? { snapshot: dump(startingPoints.created) } : {};
  // A setting the demo data was seeded with (testSettings), given again, changes nothing either.
  const neutral = (name: string) => seedNeutral.has(name) || overrides[name] === testSettings[name];
  const seeded = Object.keys(overrides).every(neutral) && !clockControl.moved() ? startingPoints.seeded : undefined;
  if (kind === 'postgres') return seeded?.postgres ? { dataDir: seeded.postgres.dataDir, postgres: seeded.postgres } : {};
  return seeded ? { dataDir: seeded.pglite.dataDir, snapshot: dump(seeded.pglite.dump) } : { snapshot: dump(startingPoints.migrated) };
}

/**
 * Puts the seeded demo data into an empty DATA_DIR as a server keeps it on disk (its files, and
 * the embedded database in dataDir/pglite), for the tests of a restart: servers started one after
 * the other on the folder find the demo data there instead of seeding it (about 10 s of CPU each).
 * Its settings must be the demo data's (testSettings'). Outside vitest's run (no starting points)
 * the folder stays empty, and the first server seeds.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const { snapshot, dataDir: files } = startOf('pglite', {});
  if (!files || !snapshot) return;
  cpSync(files, dataDir, { recursive: true });
  await (await openPGlite(dataDir, snapshot)).close();
}

/**
 * The seeded demo data for a server run as a process of its own (the crash tests), in `dataDir`
 * and its database: on PostgreSQL a copy of the seeded database, which the process reaches with
 * the settings answered (DATABASE_URL, DATABASE_SCHEMA); on the embedded database the folder
 * (seedDataDir). Outside vitest's run on PostgreSQL, a new empty database, where the process seeds.
 * `drop` removes the copy.
 */
export async function seededProcessDatabase(kind: DatabaseKind, dataDir: string): Promise<{ settings: Record<string, string>; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    await seedDataDir(dataDir);
    return { settings: {}, drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const start = startOf('postgres', {});
  let database: string;
  if (start.postgres && start.dataDir) {
    cpSync(start.dataDir, dataDir, { recursive: true });
    database = await copyDatabase(url, start.postgres.database);
  } else {
    database = `test_${randomBytes(6).toString('hex')}`;
    await onPostgres(url, (client) => client.query(`create database "${database}"`));
  }
  return {
    settings: { DATABASE_URL: databaseUrl(url, database), ...(start.postgres ? { DATABASE_SCHEMA: start.postgres.schema } : {}) },
    drop: () => dropDatabase(url, database),
  };
}

/** The embedded database of each test server that opened its own, for seededPoint. */
const embedded = new WeakMap<TestServer, PGlite>();

/**
 * Starts the real server in-process. `from` starts a PGlite server on other seeded data (another
 * test server's, seededPoint) instead of where startOf says.
 */
export async function startTestServer(
  kind: DatabaseKind,
  overrides: Record<string, string> = {},
  options: {
    enabledPlugins?: string[];
    logStream?: { write(line: string): void };
    from?: SeededPoint;
    /** Runs on the built server before it is ready, while routes may still be added (a bench's baseline routes). */
    prepare?: (server: Server) => void | Promise<void>;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-api-'));
  const start = options.from ? { dataDir: options.from.dataDir, snapshot: readDump(options.from.dump) } : startOf(kind, overrides, options.enabledPlugins);
  if (start.dataDir) cpSync(start.dataDir, dataDir, { recursive: true });
  const env = testEnv(dataDir, overrides);
  let schema: string | undefined;
  let database: string | undefined;
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    if (start.postgres) {
      database = await copyDatabase(url, start.postgres.database);
      env.databaseUrl = databaseUrl(url, database);
      schema = start.postgres.schema;
    } else {
      env.databaseUrl = url;
      schema = `test_${randomBytes(6).toString('hex')}`;
    }
  }
  // A dumped starting point opens in memory (PGlite's loadDataDir).
  const pglite = start.snapshot ? await openPGlite(undefined, start.snapshot) : undefined;
  const server = await buildServer({
    env,
    memoryDatabase: true,
    databaseSchema: schema,
    database: pglite ? embeddedDatabase(pglite) : undefined,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    enabledPlugins: options.enabledPlugins,
  });
  await options.prepare?.(server);
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

  const testServer: TestServer = {
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
      if (database) await dropDatabase(process.env.TEST_DATABASE_URL!, database);
      else if (schema) await dropTestSchema(process.env.TEST_DATABASE_URL!, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (pglite) embedded.set(testServer, pglite);
  return testServer;
}

/**
 * What a test server on PGlite holds now, as a starting point for others (startTestServer's
 * `from`): its database dumped into `dir` and a copy of its files. Its job queue stops first, so
 * that nothing runs while it is dumped; the server is for closing after.
 */
export async function seededPoint(t: TestServer, dir: string): Promise<SeededPoint> {
  const pglite = embedded.get(t);
  if (!pglite) throw new Error('seededPoint: the server did not start from a dumped database of its own');
  await t.server.context.jobs.stop();
  const point = { dump: join(dir, 'database.tar'), dataDir: join(dir, 'data') };
  writeFileSync(point.dump, await walTrimmedDump(pglite));
  cpSync(t.dataDir, point.dataDir, { recursive: true });
  return point;
}

/** The demo staff's e-mail by role (core/server/seed.ts). */
export const demoEmails = Object.fromEntries(demoAccounts.map((account) => [account.role, account.email])) as Record<RoleKey, string>;

/** The address of another database on the same PostgreSQL server. */
export function databaseUrl(url: string, database: string): string {
  const address = new URL(url);
  address.pathname = `/${database}`;
  return address.toString();
}

/** Runs statements on the PostgreSQL server of `url`, one connection for all. */
export async function onPostgres<T>(url: string, work: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs a CREATE or DROP DATABASE that PostgreSQL refuses while another session is connected to the
 * database (55006): a closed server's connections may still be on their way out, and PostgreSQL
 * waits up to 5 s for them before it refuses, so the statement is tried again a few times.
 */
async function whenAlone(url: string, statement: string): Promise<void> {
  await onPostgres(url, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(statement);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 5) throw error;
      }
    }
  });
}

/** A new database on the PostgreSQL server, a copy of `template` (the seeded demo data): answers its name. */
export async function copyDatabase(url: string, template: string): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await whenAlone(url, `create database "${name}" template "${template}"`);
  return name;
}

/** Drops a database of the tests on the PostgreSQL server once its connections are gone. */
export async function dropDatabase(url: string, database: string): Promise<void> {
  await whenAlone(url, `drop database if exists "${database}"`);
}

/** Drops a test's schema on a PostgreSQL server, with the job queue's beside it. */
export async function dropTestSchema(url: string, schema: string): Promise<void> {
  await onPostgres(url, async (client) => {
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.query(`drop schema if exists "${schema}_jobs" cascade`);
  });
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

/** Reads `read` every 50 ms until `done` holds of its answer, and answers it; after `ms`, fails with the last answer. */
export async function untilAnswer<T>(read: () => Promise<T>, done: (answer: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const answer = await read();
    if (done(answer)) return answer;
    if (Date.now() > end) throw new Error(`timed out; last answer: ${JSON.stringify(answer).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Keeps `count` of a newsletter's e-mail subscribers, the first by id among those its publisher
 * still mails, so a send goes to exactly them. The demo's bounced and complained addresses go too,
 * unless `suppressed` is 'kept' (a send leaves them out by itself).
 */
export async function keepEmailSubscribers(
  db: Server['database']['db'],
  newsletterId: string,
  count: number,
  suppressed: 'removed' | 'kept' = 'removed',
): Promise<void> {
  const isSuppressed = sql`exists (select 1 from mail_bounces m join newsletters n on n.publisher_id = m.publisher_id
    where n.id = ${newsletterId} and m.email = lower(s.email) and m.suppressed_at is not null)`;
  await sql`delete from subscribers where newsletter_id = ${newsletterId} and medium = 'email' and id not in (
    select s.id from subscribers s where s.newsletter_id = ${newsletterId} and s.medium = 'email' and not ${isSuppressed}
    order by s.id limit ${count})
    ${suppressed === 'kept' ? sql`and id not in (select s.id from subscribers s where s.newsletter_id = ${newsletterId} and ${isSuppressed})` : sql``}`.execute(
    db,
  );
}

/** Subscribes an address as a confirmed request does (the subscribers plugin's one writer): paid from the start when it pays. */
export function subscribeConfirmed(t: TestServer, newsletterId: string, email: string) {
  return changeSubscription(subscribersDb(t.server.database.db), {
    type: 'subscription',
    newsletterId,
    email,
    name: 'Deneme Okur',
    city: 'İzmir',
    source: 'web',
    payingEmails: payingEmailsOf(t.server.context.extensions, newsletterId),
  });
}

/** The seeded dumps' tarballs: nothing else writes to their databases, so the log made ready for later is left out too. */
export const walTrimmedDump = (pglite: PGlite): Promise<Buffer> => databaseSnapshot(pglite, { quiet: true });

/** What startServerProcess starts: where, on what, and who hears what the process prints. */
export interface ServerProcessOptions {
  port: number;
  dataDir: string;
  /** Over the test's environment, the demo password and no speech threads. */
  settings?: Record<string, string>;
  deadlineMs?: number;
  /** Hears the process's standard output (its log, as JSON lines); unheard without it. */
  onOutput?: (text: string) => void;
}

/**
 * The server's sources run as a process of their own (the tests of a crash, of a backup taken
 * while it serves, of a first start), on 127.0.0.1:`port`, answered once it serves; a start that
 * stops, or passes `deadlineMs`, fails.
 */
export async function startServerProcess({ port, dataDir, settings = {}, deadlineMs = 120_000, onOutput }: ServerProcessOptions): Promise<ChildProcess> {
  const root = join(import.meta.dirname, '..', '..');
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    DEMO_PASSWORD: demoPassword,
    SPEECH_WORKERS: '0',
    ...settings,
  };
  const started = spawn(process.execPath, ['--import', 'tsx', join(root, 'core/server/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', onOutput ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onOutput) started.stdout!.setEncoding('utf8').on('data', onOutput);
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (started.exitCode !== null) throw new Error(`the server stopped (exit ${started.exitCode})`);
    const ready = await fetch(`${url}/api/editor/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return started;
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Calls the API of a server at `url` as a client would, with a bearer token and a JSON body; answers the status and the parsed body. */
export function apiCaller(url: string) {
  return async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as any };
  };
}
