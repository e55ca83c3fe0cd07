/**
 * The job queue: jobs are rows in the database (pg-boss), picked with FOR UPDATE SKIP LOCKED, so a
 * scheduled job survives a restart and several server processes share the work. pg-boss talks to
 * the database through our Kysely instance, which is how it runs on PGlite as well as PostgreSQL.
 */
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import { systemTimeAt } from './clock';
import type { Db } from './db/database';

export interface JobQueue {
  /**
   * Declares a kind of job and what runs it; plugins call it while they register. `workers` (1)
   * bounds how many of these jobs one process runs at once. `wake`: a job queued for now starts at
   * once, and a worker that finishes one looks for the next at once, instead of at the next poll
   * (up to a second): for jobs somebody waits for, whose caller saved all the job reads before
   * queueing it (a job that starts at once may run before the caller's next write).
   */
  define<T extends object>(name: string, run: (data: T) => Promise<void>, options?: { workers?: number; wake?: boolean }): void;
  /**
   * Queues a job to run at `at` (at once when absent) and answers its id; a job running longer than
   * `expireSeconds` (15 minutes) is given up, and a failed one is retried `retries` times (5).
   */
  schedule<T extends object>(name: string, data: T, options?: { at?: Date; expireSeconds?: number; retries?: number }): Promise<string>;
  /**
   * Runs `run` every `seconds` in this process while the queue runs (a watchdog), and with
   * `atStart` once as it starts; its failures are logged. A look never overlaps the one before (a
   * tick while it runs is skipped), and each has a deadline, `deadlineSeconds` (ten intervals, at
   * least a minute): then its signal aborts, so that it takes up nothing more, and the overrun is
   * logged.
   */
  repeat(name: string, seconds: number, run: (signal: AbortSignal) => Promise<void>, options?: { atStart?: boolean; deadlineSeconds?: number }): void;
  /** Forgets a queued job; a job already done or gone is no error. */
  cancel(name: string, id: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The schema the job queue keeps its tables in: `{schema}_jobs` beside a DATABASE_SCHEMA, `pgboss` by default. */
export function jobsSchemaOf(databaseSchema?: string): string {
  return databaseSchema ? `${databaseSchema}_jobs` : 'pgboss';
}

export function createJobQueue(options: { db: Db; log: FastifyBaseLogger; schema: string }): JobQueue {
  const { db, log } = options;
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[] = []) => {
        const result = await db.executeQuery(CompiledQuery.raw(text, values));
        return { rows: (result.rows ?? []) as unknown[] };
      },
    },
    schema: options.schema,
    // Scheduled jobs carry their own time; no cron here.
    schedule: false,
    supervise: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));

  const workers = new Map<string, { run: (data: object) => Promise<void>; count: number; wake: boolean }>();
  /** The pg-boss workers of each kind of job that wakes, in this process. */
  const workerIds = new Map<string, string[]>();
  const repeating: { name: string; seconds: number; run: (signal: AbortSignal) => Promise<void>; atStart: boolean; deadlineSeconds: number }[] = [];
  const timers: NodeJS.Timeout[] = [];
  let started: Promise<void> | undefined;

  const queue: JobQueue = {
    define(name, run, { workers: count = 1, wake = false } = {}) {
      if (started) throw new Error(`job ${name}: define jobs before the queue starts`);
      if (workers.has(name)) throw new Error(`job ${name} is defined twice`);
      workers.set(name, { run: run as (data: object) => Promise<void>, count, wake });
    },
    async schedule(name, data, { at, expireSeconds, retries = 5 } = {}) {
      if (!workers.has(name)) throw new Error(`job ${name} is not defined`);
      await queue.start();
      const id = await boss.send(name, data, {
        // The queue waits on real time: a job planned by the clock starts when the clock reads its time.
        startAfter: at ? systemTimeAt(at) : undefined,
        retryLimit: retries,
        retryDelay: 10,
        retryBackoff: true,
        ...(expireSeconds ? { expireInSeconds: expireSeconds } : {}),
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      if (!at) for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
      return id;
    },
    async cancel(name, id) {
      await queue.start();
      await boss.cancel(name, id).catch((error) => log.warn({ err: error, name, id }, 'job not cancelled'));
    },
    repeat(name, seconds, run, { atStart = false, deadlineSeconds = Math.max(60, 10 * seconds) } = {}) {
      if (started) throw new Error(`task ${name}: define tasks before the queue starts`);
      repeating.push({ name, seconds, run, atStart, deadlineSeconds });
    },
    start() {
      started ??= (async () => {
        for (const task of repeating) {
          let running = false;
          const run = async () => {
            if (running) return;
            running = true;
            // The deadline's timer is real time and keeps no process alive (AbortSignal.timeout).
            const signal = AbortSignal.timeout(task.deadlineSeconds * 1000);
            const overrun = () => log.warn({ task: task.name, deadlineSeconds: task.deadlineSeconds }, 'repeating task past its deadline');
            signal.addEventListener('abort', overrun, { once: true });
            try {
              await task.run(signal);
            } catch (error) {
              log.error({ err: error, task: task.name }, 'repeating task failed');
            } finally {
              signal.removeEventListener('abort', overrun);
              running = false;
            }
          };
          if (task.atStart) void run();
          const timer = setInterval(run, task.seconds * 1000);
          timer.unref();
          timers.push(timer);
        }
        if (workers.size === 0) return;
        await boss.start();
        for (const [name, { run, count, wake }] of workers) {
          await boss.createQueue(name);
          const ids: string[] = [];
          if (wake) workerIds.set(name, ids);
          for (let index = 0; index < count; index++) {
            const workerId: string = await boss.work(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
              for (const job of jobs) {
                log.info({ job: name, id: job.id }, 'job started');
                await run(job.data as object);
              }
              // More may be waiting: look again at once rather than after the polling interval.
              if (wake) boss.notifyWorker(workerId);
            });
            ids.push(workerId);
          }
        }
      })();
      return started;
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      if (!started) return;
      await started.catch(() => undefined);
      if (workers.size > 0) await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
  return queue;
}
