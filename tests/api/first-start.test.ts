/**
 * A first start prepares its database in a short-lived process of its own (core/server/first-start.ts),
 * so that the server never holds what the migrations and the demo data took: on a new data folder
 * no demo template fits, and on a new PostgreSQL database, where servers starting together take
 * turns and the demo data is added once. A restart on the prepared database starts no such process.
 * The servers run from their sources as processes of their own; their log lines name the process.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, stopChild } from '../bench/production-server';
import { apiCaller, databaseUrl, demoEmails, demoPassword, dropDatabase, enginesFor, onPostgres, startServerProcess } from './server';

const folders: string[] = [];
const running: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((child) => stopChild(child)));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

interface Started {
  pid: number;
  /** The log lines of the server and of the processes it started: who wrote each, and what. */
  lines: { pid: number; msg: string }[];
  stop(): Promise<void>;
}

/** Starts `npm start`'s entry from its sources on `dataDir` (and `settings`), and waits until it serves and, with the demo data, a demo account signs in. */
async function start(dataDir: string, settings: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let printed = '';
  const child = await startServerProcess({
    port,
    dataDir,
    settings: { LOG_LEVEL: 'info', ...settings },
    deadlineMs: 180_000,
    onOutput: (text) => (printed += text),
  });
  running.push(child);
  if (settings.DEMO_DATA !== 'off')
    expect((await apiCaller(url)('POST', '/auth/login', undefined, { email: demoEmails.admin, password: demoPassword })).status).toBe(200);
  const lines = () =>
    printed
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { pid: number; msg: string });
  return {
    pid: child.pid!,
    get lines() {
      return lines();
    },
    stop: () => stopChild(child),
  };
}

/** What the demo data's seeding logged ('demo data created', 'demo stories created'...), and by which processes. */
function seeding(lines: Started['lines']) {
  const seeded = lines.filter((line) => /^demo .* created$/.test(line.msg));
  return { messages: seeded.map((line) => line.msg), pids: [...new Set(seeded.map((line) => line.pid))] };
}

describe.each(enginesFor('every engine'))('a first start on %s', (kind) => {
  it(
    kind === 'postgres'
      ? 'two servers starting at once on a new database: one prepares it in a process of its own, both serve, the demo data is added once; a restart prepares nothing'
      : 'on a new data folder prepares it in a process of its own (the demo data is left to the PostgreSQL case); a restart prepares nothing',
    async () => {
      const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'masthead-first-start-')));
      folders.push(...dataDirs);
      // The embedded case prepares the folder without the demo data: the child is the same, and
      // seeding the demo data from the sources would be most of this file's time.
      let settings: Record<string, string> = { DEMO_DATA: 'off' };
      let database: string | undefined;
      const serverUrl = process.env.TEST_DATABASE_URL!;
      if (kind === 'postgres') {
        database = `test_${randomBytes(6).toString('hex')}`;
        await onPostgres(serverUrl, (client) => client.query(`create database "${database}"`));
        settings = { DATABASE_URL: databaseUrl(serverUrl, database) };
      }
      try {
        // A data folder is one server's: on the embedded database one starts.
        const first = await Promise.all((kind === 'postgres' ? dataDirs : dataDirs.slice(0, 1)).map((dataDir) => start(dataDir, settings)));
        const lines = first.flatMap((server) => server.lines);
        const migrated = lines.filter((line) => line.msg === 'migrations applied').map((line) => line.pid);
        if (kind === 'postgres') {
          const { messages, pids } = seeding(lines);
          expect(messages).toContain('demo data created');
          expect(new Set(messages).size).toBe(messages.length);
          // The process that ran the migrations seeded, alone.
          expect(pids).toEqual(migrated);
        } else expect(seeding(lines).messages).toEqual([]);
        // One process ran the migrations: not a server.
        expect(migrated).toHaveLength(1);
        expect(first.map((server) => server.pid)).not.toContain(migrated[0]);
        await Promise.all(first.map((server) => server.stop()));

        const again = await start(dataDirs[0]!, settings);
        await again.stop();
        expect(again.lines.length).toBeGreaterThan(0);
        expect(again.lines.filter((line) => line.pid !== again.pid)).toEqual([]);
        expect(again.lines.filter((line) => line.msg === 'migrations applied' || /^demo .* created$/.test(line.msg))).toEqual([]);
      } finally {
        if (database) await dropDatabase(serverUrl, database);
      }
    },
    600_000,
  );
});
