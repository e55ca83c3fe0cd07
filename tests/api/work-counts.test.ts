/**
 * The work the server does, counted instead of timed (issue 57), so that a busy machine changes
 * nothing: the SQL statements one list call runs (the same for a page of one row as for a page of
 * every row: no statement per row), the statements a send runs per copy (one at most, the record
 * written before each copy is handed over; the rest of a send is per batch or per issue), and
 * the gzip bytes of JavaScript the login screen and the first console screen load from the built
 * console (design.md section 6: 160 KB and 200 KB), and the libraries a start leaves for their
 * first use (the server's memory at rest, docs/operations.md).
 *
 * Statements are counted where the server hands them to its driver (PGlite's `query` and `exec`,
 * pg's `Client.query`), on the real server: each list call in an async context of its own, so the
 * job queue's work beside it is not counted; a send from the publish call until the issue is sent,
 * leaving out the job queue's polls for work (one a second per kind of job, whatever is sent).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../core/server/app';
import { embeddedDatabase } from '../../core/server/db/database';
import { openPGlite } from '../../core/server/db/pglite';
import { chromiumLaunch } from '../chromium';
import { budgets, dist, heavyFiles, measureBundles } from '../bench/bundle';
import { startProductionServer } from '../bench/production-server';
import {
  enginesFor,
  keepEmailSubscribers,
  readDump,
  seedDataDir,
  startingPointsVariable,
  startTestServer,
  testEnv,
  until,
  type StartingPoints,
  type TestServer,
} from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const databases = enginesFor('every engine');

/** The statements run in the current async context (a list call), or in the window of a send. */
const tallies = new AsyncLocalStorage<string[]>();
/** The test's own reads while it waits for a send: not the server's work. */
const uncounted = new AsyncLocalStorage<true>();
let sendWindow: string[] | undefined;

type Method = (this: unknown, ...args: unknown[]) => unknown;
const restores: (() => void)[] = [];

/** Notes the text of each statement handed to `owner[name]` while a tally is open. */
function countStatements(owner: object, name: string): void {
  const methods = owner as Record<string, Method>;
  const original = methods[name]!;
  methods[name] = function (this: unknown, ...args: unknown[]) {
    const tally = tallies.getStore() ?? sendWindow;
    if (tally && !uncounted.getStore()) tally.push(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: unknown } | undefined)?.text));
    return original.apply(this, args);
  };
  restores.push(() => (methods[name] = original));
}

beforeAll(() => {
  // PGlite's query and exec are its base class's; pg's pool clients are pg.Client.
  const pgliteBase = Object.getPrototypeOf(PGlite.prototype) as object;
  countStatements(pgliteBase, 'query');
  countStatements(pgliteBase, 'exec');
  countStatements(pg.Client.prototype, 'query');
});
// The test files of a worker share their modules: the drivers go back as they were.
afterAll(() => restores.splice(0).forEach((restore) => restore()));

/** pg-boss's poll for the next job of a kind (pg-boss/src/plans.js fetchNextJob): once a second per kind, not the send's work. */
const jobQueuePoll = /^\s*WITH next as \(\s*SELECT id, singleton_key, policy\s+FROM \S+\.job\b/;

/**
 * The main lists of the console, at most this many statements for a call (the session's lookup
 * included), as many for a page of one row as for a page of every row. Each list has at least
 * three rows in the demo data, so a statement per row would show.
 */
const lists: { name: string; path: (ids: { newsletter: string }) => string; as: 'editor' | 'admin'; statements: number }[] = [
  { name: 'stories', path: ({ newsletter }) => `/api/stories/list?newsletter=${newsletter}`, as: 'editor', statements: 4 },
  { name: 'issues', path: ({ newsletter }) => `/api/issues/list?newsletter=${newsletter}`, as: 'editor', statements: 3 },
  { name: 'subscribers', path: ({ newsletter }) => `/api/newsletters/list/${newsletter}/subscriptions`, as: 'editor', statements: 6 },
  { name: 'collections', path: () => '/api/collections/list', as: 'editor', statements: 3 },
  { name: 'images', path: () => '/api/images/list', as: 'editor', statements: 4 },
  { name: 'recordings', path: () => '/api/recordings/list', as: 'editor', statements: 4 },
  { name: 'episodes', path: ({ newsletter }) => `/api/episodes/list?newsletter=${newsletter}`, as: 'editor', statements: 4 },
  { name: 'notifications', path: () => '/api/auth/notifications', as: 'editor', statements: 4 },
  { name: 'newsletters', path: () => '/api/newsletters/list', as: 'admin', statements: 4 },
  { name: 'feedback', path: () => '/api/feedback/list', as: 'admin', statements: 4 },
];

/** Copies of the smaller send; the other sends twice as many. */
const copies = 50;

describe.each(databases)('work counted on %s', (kind) => {
  let t: TestServer;
  let sink: SmtpSink;
  let tokens: Record<'editor' | 'admin', string>;
  let newsletters: Record<'morning' | 'tech', { id: string; publisher_id: string }>;

  beforeAll(async () => {
    sink = await startSmtpSink({ keep: false });
    t = await startTestServer(kind, { SMTP_URL: sink.url });
    const rows = await t.server.database.db.selectFrom('newsletters').select(['id', 'key', 'publisher_id']).execute();
    const byKey = (key: string) => rows.find((row) => row.key === key)!;
    // Two newsletters of Kuzey Medya, each with a demo issue ready to send.
    newsletters = { morning: byKey('sabah-bulteni'), tech: byKey('teknoloji-notlari') };
    const admin = await t.login('admin@masthead.local');
    tokens = {
      editor: await t.login('editor@masthead.local'),
      admin: (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: newsletters.morning.publisher_id } })).body.data,
    };
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** One call, and the statements the server ran to answer it. */
  const counted = async (url: string, token: string) => {
    const statements: string[] = [];
    const answer = await tallies.run(statements, () => t.request('GET', url, { token }));
    expect(answer.status, url).toBe(200);
    return { rows: (answer.body.data as unknown[]).length, statements: statements.length };
  };

  it.each(lists)('answers the $name list with as many statements for one row as for every row', async ({ path, as, statements }) => {
    const url = path({ newsletter: newsletters.morning.id });
    const one = await counted(`${url}${url.includes('?') ? '&' : '?'}limit=1`, tokens[as]);
    const all = await counted(`${url}${url.includes('?') ? '&' : '?'}limit=100`, tokens[as]);
    expect(one.rows).toBe(1);
    expect(all.rows).toBeGreaterThanOrEqual(3);
    expect(all.statements, `${all.rows} rows`).toBe(one.statements);
    expect(one.statements).toBeLessThanOrEqual(statements);
  });

  /** Publishes the newsletter's ready demo issue to `count` of its e-mail subscribers; answers the statements the send ran. */
  const sendTo = async (newsletter: { id: string }, count: number) => {
    const db = t.server.database.db;
    await keepEmailSubscribers(db, newsletter.id, count);
    const { id } = (await sql<{ id: string }>`select id from issues where newsletter_id = ${newsletter.id} and key like '%-sabah-bulteni-hazir'`.execute(db))
      .rows[0]!;
    const publishOptions = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
    // An issue goes out once its test went to the newsletter's testers.
    expect((await t.request('POST', `/api/issues/publish/${id}`, { token: tokens.admin, body: { publishOptions: publishOptions(true) } })).status).toBe(200);
    const statements: string[] = [];
    sendWindow = statements;
    try {
      const published = await t.request('POST', `/api/issues/publish/${id}`, {
        token: tokens.admin,
        body: { publishedAt: new Date().toISOString(), publishOptions: publishOptions(false) },
      });
      expect(published.status).toBe(200);
      const sent = () =>
        uncounted.run(true, async () => {
          const issue = await sql<{ processing: boolean; emailed: boolean }>`select processing, emailed from issues where id = ${id}`.execute(db);
          return issue.rows[0]!.emailed && !issue.rows[0]!.processing;
        });
      expect(await until(sent, 60_000)).toBe(true);
    } finally {
      sendWindow = undefined;
    }
    const delivered = await sql<{ n: number }>`select count(*)::int as n from issue_deliveries
      where issue_id = ${id} and medium = 'email' and state = 'sent'`.execute(db);
    expect(delivered.rows[0]!.n).toBe(count);
    return statements.filter((text) => !jobQueuePoll.test(text)).length;
  };

  it('sends an issue with at most one statement per copy: the rest is per batch or per issue', async () => {
    const fewer = await sendTo(newsletters.morning, copies);
    const more = await sendTo(newsletters.tech, 2 * copies);
    // What the extra copies cost: the hand-over record of each (joined when connections' answers
    // come together; a send smaller than a claim, 200, goes through one connection, so they rarely
    // are), a check for a stop every 50, and what runs on a timer while the longer send lasts (its
    // progress, once a second): 0.7 to 1.1 a copy. A second statement per copy (a read of each
    // subscriber, a write of each outcome apart) makes it 2 at least.
    const perCopy = (more - fewer) / copies;
    const figures = `${fewer} statements for ${copies} copies, ${more} for ${2 * copies}`;
    console.log(`A send on ${kind}: ${figures}, ${perCopy.toFixed(2)} a copy more`);
    expect(perCopy, figures).toBeLessThan(1.5);
    // What a send costs whatever its size (the build, the plan, the lease, the issue's state, the
    // subject test's look): 85 to 95 statements, not a number that grows with the audience. Bounded
    // for each send with a copy's one statement at most, not by the difference's rate: when the
    // larger send's records happen to be joined, that rate is low and would make the smaller
    // send's copies look like fixed cost.
    expect(fewer, figures).toBeLessThanOrEqual(120 + copies);
    expect(more, figures).toBeLessThanOrEqual(120 + 2 * copies);
  }, 60_000);

  it("records a copy's state without an index entry: no index of its table covers a column a send writes, and its pages keep room", async () => {
    const { rows } = await sql<{ index: string; columns: string[]; partial: boolean; options: string[] | null }>`
      select i.indexrelid::regclass::text as index, i.indexprs is not null or i.indpred is not null as partial, c.reloptions as options,
        array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum = any(i.indkey) order by a.attnum) as columns
      from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relname = 'issue_deliveries' and c.relnamespace = current_schema()::regnamespace`.execute(t.server.database.db);
    // The primary key alone: a send's writes (state, answer, attempts, next_at, updated_at) are heap-only updates.
    expect(rows.map(({ columns, partial }) => ({ columns, partial }))).toEqual([{ columns: ['issue_id', 'medium', 'subscriber_id'], partial: false }]);
    expect(rows[0]!.options).toContain('fillfactor=70');
  });
});

const built = existsSync(join(dist, 'index.html'));

/**
 * The JavaScript of the first screens, as `npm run bench` measures it (tests/bench/bundle.ts),
 * from the built console that `npm test` builds ahead of vitest (test:prepare). Run without a
 * build (vitest alone on a fresh clone), it is skipped; under `npm test` a missing build fails.
 */
describe.runIf(built || process.env.npm_lifecycle_event === 'test')('the JavaScript of the first screens', () => {
  let server: Awaited<ReturnType<typeof buildServer>> | undefined;
  let dataDir: string;

  beforeAll(async () => {
    // A server on the run's seeded demo data (tests/api/global-setup.ts) that serves the built console.
    const points = JSON.parse(process.env[startingPointsVariable]!) as StartingPoints;
    dataDir = mkdtempSync(join(tmpdir(), 'masthead-bundle-'));
    cpSync(points.seeded.pglite.dataDir, dataDir, { recursive: true });
    const database = embeddedDatabase(await openPGlite(undefined, readDump(points.seeded.pglite.dump)));
    server = await buildServer({ env: { ...testEnv(dataDir), distDir: dist }, database, logger: false });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads at most 160 KB (gzip) for the login screen and 200 KB for the first screen after sign-in, with no editor or chart library', async () => {
    expect(existsSync(chromiumLaunch.executablePath), chromiumLaunch.executablePath).toBe(true);
    const figures = await measureBundles(await server!.app.listen({ port: 0, host: '127.0.0.1' }));
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`JavaScript (gzip): login screen ${kb(figures.login)}, first screen after sign-in ${kb(figures.shell)} (${figures.files.shell.length} files)`);
    expect(figures.files.login.length).toBeGreaterThan(0);
    expect(figures.shell).toBeGreaterThan(figures.login);
    expect(figures.login).toBeLessThanOrEqual(budgets.login);
    expect(figures.shell).toBeLessThanOrEqual(budgets.shell);
    expect(heavyFiles(figures.files.shell)).toEqual([]);
  }, 60_000);
});

/**
 * What the production server imports by the time it answers, on the run's demo data (a restart, as
 * `npm start` runs it): none of the libraries only some requests need (core/server/on-first-use.ts
 * and their kin), and no demo data's code, which only a start that seeds imports.
 */
describe('the modules a start loads', () => {
  const firstUse = [
    'nodemailer',
    'sharp',
    'archiver',
    'yauzl',
    'file-type',
    'music-metadata',
    'fast-xml-parser',
    'smtp-server',
    'csv-parse',
    'stream-json',
    'stream-chain',
    '@echogarden/espeak-ng-emscripten',
    'wasm-media-encoders',
    'sanitize-html',
    'yjs',
    'y-protocols',
    'lib0',
    'htmlparser2',
    'domutils',
    'csv-stringify',
    'aws4fetch',
    '@socket.io/postgres-adapter',
  ];

  it('leaves the libraries only some requests need, and the demo data, for their first use', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'masthead-loads-'));
    const list = join(folder, 'loaded.txt');
    try {
      const preload = pathToFileURL(join(import.meta.dirname, 'record-loads.js')).href;
      const server = await startProductionServer({ NODE_OPTIONS: `--import ${preload}`, LOADED_MODULES_FILE: list }, seedDataDir);
      await server.stop();
      const loaded = [...new Set(readFileSync(list, 'utf8').split('\n').filter(Boolean))];
      // The server's own modules were noted: the list is what the start imported.
      expect(loaded.some((url) => url.endsWith('/dist-server/core/server/app.js'))).toBe(true);
      const packageOf = (url: string) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
      expect(loaded.filter((url) => firstUse.includes(packageOf(url) ?? ''))).toEqual([]);
      expect(loaded.filter((url) => /\/dist-server\/(plugins\/[^/]+\/server\/(seed|demo)|core\/server\/services\/demo-audio)\.js$/.test(url))).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
