/**
 * A fixed number of worker threads for CPU-bound work (speech synthesis and MP3 encoding take a
 * core for a good fraction of a second per chunk; DKIM signatures a fraction of a millisecond per
 * copy of an issue, thousands a second), so it neither blocks the server's event loop nor takes
 * every core. Work beyond the pool waits its turn, first come first
 * served. Threads start when work first needs them; an idle one does not keep the process alive;
 * one that dies fails the work it held and another takes its place for the next.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Worker } from 'node:worker_threads';

/** What a pool worker receives, and what it answers for that id. */
export interface PoolRequest<Task> {
  id: number;
  task: Task;
}
export type PoolAnswer<Result> = { id: number; ok: true; result: Result } | { id: number; ok: false; message: string };

export interface WorkerPool<Task, Result> {
  /** Runs the task in the next free worker; `transfer` hands buffers over instead of copying them. */
  run(task: Task, transfer?: ArrayBuffer[]): Promise<Result>;
  /** Tasks running now, and waiting for a worker. */
  readonly running: number;
  readonly waiting: number;
  /** Threads alive now (idle ones end after a while). */
  readonly threads: number;
  /** Stops the workers; running and waiting tasks fail. */
  close(): Promise<void>;
}

interface Job<Task, Result> {
  id: number;
  task: Task;
  transfer: ArrayBuffer[];
  resolve(result: Result): void;
  reject(error: Error): void;
}

interface Slot<Task, Result> {
  worker: Worker;
  job?: Job<Task, Result>;
  /** Why the worker died, when it said (an uncaught exception) before exiting. */
  failure?: Error;
  /** Ends the thread once it has been idle `idleMs`. */
  idle?: NodeJS.Timeout;
  /** Ended for being idle: out of the pool already, and no failure. */
  retired?: boolean;
}

/** A thread idle this long ends, giving its memory back (espeak-ng's data is tens of MB per thread); the next task starts one. */
export const defaultIdleMs = 60_000;

/**
 * `file` is the worker's module: a .js file (the compiled server) runs as it is, a .ts file (tests,
 * `npm run dev`) through tsx.
 */
export function createWorkerPool<Task, Result>(options: {
  file: URL;
  size?: number;
  name?: string;
  log?: FastifyBaseLogger;
  idleMs?: number;
}): WorkerPool<Task, Result> {
  const size = Math.max(1, options.size ?? 1);
  const idleMs = options.idleMs ?? defaultIdleMs;
  const name = options.name ?? 'worker';
  const slots: Slot<Task, Result>[] = [];
  const queue: Job<Task, Result>[] = [];
  let nextId = 1;
  let closed = false;

  function start(): Slot<Task, Result> {
    const slot: Slot<Task, Result> = { worker: newWorker(options.file) };
    slot.worker.unref();
    slot.worker.on('message', (answer: PoolAnswer<Result>) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      slot.job = undefined;
      slot.worker.unref();
      if (answer.ok) job.resolve(answer.result);
      else job.reject(new Error(answer.message));
      rest(slot);
      dispatch();
    });
    slot.worker.on('error', (error) => (slot.failure = error));
    slot.worker.on('exit', (code) => {
      clearTimeout(slot.idle);
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      if (closed || slot.retired) return;
      const reason = slot.failure?.message ?? `exit code ${code}`;
      options.log?.warn({ err: slot.failure, code }, `${name} thread stopped`);
      slot.job?.reject(new Error(`${name} thread stopped while working (${reason})`));
      // The next waiting task gets a new thread.
      dispatch();
    });
    slots.push(slot);
    return slot;
  }

  /** Starts the slot's idle clock: out of the pool first, so that no task is sent to a thread that is ending. */
  function rest(slot: Slot<Task, Result>) {
    clearTimeout(slot.idle);
    slot.idle = setTimeout(() => {
      if (slot.job || closed) return;
      slot.retired = true;
      slots.splice(slots.indexOf(slot), 1);
      void slot.worker.terminate();
    }, idleMs);
    slot.idle.unref();
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((candidate) => !candidate.job) ?? (slots.length < size ? start() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      clearTimeout(slot.idle);
      slot.job = job;
      // Busy, it keeps the process alive until it answers.
      slot.worker.ref();
      const request: PoolRequest<Task> = { id: job.id, task: job.task };
      try {
        slot.worker.postMessage(request, job.transfer);
      } catch (error) {
        // A task that cannot be sent (something in it cannot be cloned) fails alone.
        slot.job = undefined;
        slot.worker.unref();
        job.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  return {
    run(task, transfer = []) {
      if (closed) return Promise.reject(new Error(`${name} pool is closed`));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ id: nextId++, task, transfer, resolve, reject });
        dispatch();
      });
    },
    get running() {
      return slots.filter((slot) => slot.job).length;
    },
    get waiting() {
      return queue.length;
    },
    get threads() {
      return slots.length;
    },
    async close() {
      closed = true;
      for (const slot of slots) clearTimeout(slot.idle);
      const stopped = new Error(`${name} pool is closed`);
      for (const job of queue.splice(0)) job.reject(stopped);
      const stopping = [...slots];
      for (const slot of stopping) slot.job?.reject(stopped);
      await Promise.all(stopping.map((slot) => slot.worker.terminate()));
    },
  };
}

/**
 * A worker thread running `file`. Node 20 does not apply `--import tsx` (in execArgv) to a
 * worker's modules ('Unknown file extension ".ts"'), so TypeScript is loaded through tsx's API.
 */
function newWorker(file: URL): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(file.href)}))`;
  return new Worker(bootstrap, { eval: true });
}
