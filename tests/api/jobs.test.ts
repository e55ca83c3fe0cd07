/** The job queue (pg-boss through Kysely): a job runs at its time, a cancelled one never runs, and a queued job outlives the process. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../core/server/db/database';
import { createJobQueue, type JobQueue } from '../../core/server/jobs';
import { until } from './server';

const log = pino({ level: 'silent' });

describe('job queue', () => {
  const dir = mkdtempSync(join(tmpdir(), 'masthead-jobs-'));
  const open: { database: Database; jobs: JobQueue }[] = [];
  afterAll(async () => {
    for (const { database, jobs } of open) {
      await jobs.stop();
      await database.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (ran: string[]) => {
    const database = await openDatabase({ dataDir: dir });
    const jobs = createJobQueue({ db: database.db, log, schema: 'pgboss' });
    jobs.define<{ name: string }>('test-greet', async ({ name }) => {
      ran.push(name);
    });
    await jobs.start();
    const opened = { database, jobs };
    open.push(opened);
    return opened;
  };

  it('runs a job at its time, skips a cancelled one, and keeps a queued one across a restart', async () => {
    const ran: string[] = [];
    const first = await start(ran);
    const at = new Date(Date.now() + 1500);
    await first.jobs.schedule('test-greet', { name: 'soon' }, { at });
    const cancelled = await first.jobs.schedule('test-greet', { name: 'cancelled' }, { at });
    await first.jobs.cancel('test-greet', cancelled);
    expect(ran).toEqual([]);
    expect(await until(() => ran.includes('soon'))).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());

    // Queued in one process, run by the next one.
    await first.jobs.schedule('test-greet', { name: 'after restart' }, { at: new Date(Date.now() + 1500) });
    await first.jobs.stop();
    await first.database.close();
    open.splice(open.indexOf(first), 1);

    const ranLater: string[] = [];
    await start(ranLater);
    expect(await until(() => ranLater.includes('after restart'))).toBe(true);
    expect([...ran, ...ranLater]).not.toContain('cancelled');
  }, 30_000);

  it('refuses an undefined job', async () => {
    const database = await openDatabase({});
    const jobs = createJobQueue({ db: database.db, log, schema: 'pgboss' });
    await expect(jobs.schedule('nothing', {})).rejects.toThrow('job nothing is not defined');
    await database.close();
  });
});
