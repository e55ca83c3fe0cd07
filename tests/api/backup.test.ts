/**
 * Backups (issue 56): `npm run backup` asked of a server in the middle of a send, then
 * `npm run restore` into a new data folder, gives the same database, table by table and row by row,
 * and the same stored files, as the original at that moment. The send stands still while the backup
 * is taken (its SMTP server holds every message's answer), and the server is then killed where it
 * stands, so the original's data folder is compared as that moment left it. A restore refuses a
 * folder that holds data, and what is restored starts and serves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backedUpFolders } from '../../core/server/backup';
import { openPGlite } from '../../core/server/db/pglite';
import { freePort } from '../bench/production-server';
import { startSmtpGate, type SmtpGate } from '../e2e/smtp-gate';
import { apiCaller, demoPassword, seededProcessDatabase, startServerProcess } from './server';

const root = resolve(import.meta.dirname, '..', '..');
/** Runs one of the project's scripts as `npm run` would (tsx), with DATA_DIR set; answers its exit code and output. */
function runScript(script: string, dataDir: string, file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', script), file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (part) => (output += part));
    child.stderr.on('data', (part) => (output += part));
    child.on('exit', (code) => done({ code, output }));
  });
}

/**
 * Columns that move on after the backup by themselves while the send stands still: the sender
 * renews its lease as it waits for its SMTP answers.
 */
const moving: Record<string, string[]> = { issue_sending: ['lease_until'] };

/** Every table of the public schema: its row count and a digest of its rows in one order. */
async function tablesOf(dataDir: string): Promise<Record<string, string>> {
  const pglite = await openPGlite(dataDir);
  try {
    const { rows: tables } = await pglite.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    const digests: Record<string, string> = {};
    for (const { name } of tables) {
      const row = `(to_jsonb(t)${(moving[name] ?? []).map((column) => ` - '${column}'`).join('')})::text`;
      const {
        rows: [digest],
      } = await pglite.query<{ count: number; digest: string }>(
        `select count(*)::int as count, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from "${name}" t`,
      );
      digests[name] = `${digest!.count} rows ${digest!.digest}`;
    }
    return digests;
  } finally {
    await pglite.close();
  }
}

/** The stored files of a data folder, each with a digest of its bytes. */
function filesOf(dataDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const folder of backedUpFolders) {
    const base = join(dataDir, folder);
    const walk = (dir: string) => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else files[`${folder}/${relative(base, path)}`] = createHash('sha256').update(readFileSync(path)).digest('hex');
      }
    };
    walk(base);
  }
  return files;
}

describe('backup and restore', () => {
  let gate: SmtpGate | undefined;
  let child: ChildProcess | undefined;
  const work = mkdtempSync(join(tmpdir(), 'masthead-backup-'));
  const dataDir = join(work, 'data');
  const restored = join(work, 'restored');
  const file = join(work, 'backup.zip');

  afterAll(async () => {
    child?.kill('SIGKILL');
    await gate?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const start = (folder: string, port: number, smtpUrl: string) =>
    startServerProcess({ port, dataDir: folder, settings: { DATABASE_URL: '', SMTP_URL: smtpUrl, LOG_LEVEL: 'warn' } });

  it('takes a backup during a send that restores into a new folder equal to the original', async () => {
    gate = await startSmtpGate();
    await seededProcessDatabase('pglite', dataDir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = await start(dataDir, port, gate.url);
    const call = apiCaller(url);
    const signedIn = (await call('POST', '/auth/login', undefined, { email: 'admin@masthead.local', password: demoPassword })).body.data as string;
    const publishers = (await call('GET', '/auth/publishers', signedIn)).body.data.publishers as { _id: string; title: string }[];
    const token = (await call('PUT', '/auth/scope', signedIn, { publisher: publishers.find((publisher) => publisher.title === 'Kuzey Medya')!._id })).body
      .data as string;
    const scopes = (await call('GET', '/auth/verify', token)).body.data.scopes as { _id: string; title: string }[];
    const morning = scopes.find((scope) => scope.title === 'Sabah Bülteni')!._id;
    const issues = (await call('GET', `/issues/list?newsletter=${morning}&search=hazir&limit=10`, token)).body.data as { _id: string; key: string }[];
    const issue = issues.find((row) => row.key.endsWith('-sabah-bulteni-hazir'))!;
    // An issue is tested before it goes out; the test copy passes, the issue's copies are then held.
    const tested = await call('POST', `/issues/publish/${issue._id}`, token, {
      publishOptions: { test: true, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } },
    });
    expect(tested.status).toBe(200);
    gate.holding = true;
    const published = await call('POST', `/issues/publish/${issue._id}`, token, {
      publishedAt: new Date().toISOString(),
      publishOptions: { test: false, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } },
    });
    expect(published.status).toBe(200);
    // The send is under way: its connections each hold a message whose answer waits.
    await gate.whenHeld(1, 60_000);

    const backup = await runScript('backup.ts', dataDir, file);
    expect(backup.output).toContain('by the running server');
    expect(backup.code).toBe(0);

    // The original, as it stood: killed where it stands, its folder read as a restart would.
    child.kill('SIGKILL');
    await new Promise((done) => child!.once('exit', done));
    child = undefined;

    const refused = await runScript('restore.ts', dataDir, file);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not empty');

    const restore = await runScript('restore.ts', restored, file);
    expect(restore.output).toContain('Restored the database and');
    expect(restore.code).toBe(0);

    expect(filesOf(restored)).toEqual(filesOf(dataDir));
    const [original, copy] = [await tablesOf(dataDir), await tablesOf(restored)];
    expect(Object.keys(original).length).toBeGreaterThan(40);
    expect(copy).toEqual(original);
    // Taken during the send: its copies are listed, and its lease held by the process that sent them.
    const pglite = await openPGlite(restored);
    const { rows: states } = await pglite.query<{ state: string; count: number }>(
      'select state, count(*)::int as count from issue_deliveries where issue_id = $1 group by state',
      [issue._id],
    );
    const { rows: sending } = await pglite.query<{ owner: string | null }>('select owner from issue_sending where issue_id = $1', [issue._id]);
    await pglite.close();
    expect(states.reduce((sum, row) => sum + row.count, 0)).toBeGreaterThan(100);
    expect(sending[0]?.owner).toBeTruthy();

    // What was restored starts, and holds the send as it stood: under way.
    const port2 = await freePort();
    const url2 = `http://127.0.0.1:${port2}`;
    child = await start(restored, port2, gate.url);
    const again = await fetch(`${url2}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@masthead.local', password: demoPassword }),
    });
    expect(again.status).toBe(200);
  }, 300_000);
});
