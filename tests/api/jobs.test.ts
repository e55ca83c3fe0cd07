/**
 * The job queue (pg-boss through Kysely): a job runs at its time, a cancelled one never runs, and
 * a queued job outlives the process; a repeating task's looks never overlap and end at a deadline.
 */
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

  /** A database in memory, opened once for the tests that need no restart. */
  let memory: Promise<Database> | undefined;
  const inMemory = () =>
    (memory ??= openDatabase({}).then((database) => (open.push({ database, jobs: createJobQueue({ db: database.db, log, schema: 'pgboss' }) }), database)));

  it('never overlaps two looks of a repeating task, and aborts a look past its deadline', async () => {
    const database = await inMemory();
    const jobs = createJobQueue({ db: database.db, log, schema: 'pgboss' });
    const looks: { signal: AbortSignal; ended: boolean }[] = [];
    // Each look lasts until its deadline, twenty intervals.
    jobs.repeat(
      'test-slow-look',
      0.01,
      async (signal) => {
        const look = { signal, ended: false };
        looks.push(look);
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        look.ended = true;
      },
      { atStart: true, deadlineSeconds: 0.2 },
    );
    await jobs.start();
    expect(await until(() => looks.length >= 2)).toBe(true);
    await jobs.stop();
    // The second look began only once the first had ended at its deadline.
    expect(looks[0]!.signal.aborted).toBe(true);
    expect(looks[0]!.ended).toBe(true);
  });

  it('refuses an undefined job', async () => {
    const database = await inMemory();
    const jobs = createJobQueue({ db: database.db, log, schema: 'pgboss' });
    await expect(jobs.schedule('nothing', {})).rejects.toThrow('job nothing is not defined');
  });
});
