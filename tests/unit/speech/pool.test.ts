/** The worker pool under the speech engine: bounded, first come first served, and a dead thread fails only its own task. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type WorkerPool } from '../../../core/server/worker-pool';
import type { FixtureResult, FixtureTask } from './pool-fixture';

const fixture = new URL('./pool-fixture.ts', import.meta.url);
let pool: WorkerPool<FixtureTask, FixtureResult>;

afterEach(async () => {
  await pool.close();
});

/** The most intervals that overlap at one moment. */
function mostAtOnce(results: FixtureResult[]): number {
  const events = results.flatMap(({ started, ended }) => [
    [started, 1],
    [ended, -1],
  ]);
  // An end and a start at the same millisecond do not overlap: ends first.
  events.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let now = 0;
  let most = 0;
  for (const [, change] of events) most = Math.max(most, (now += change!));
  return most;
}

describe('worker pool', () => {
  it('runs at most `size` tasks at once, the others waiting', async () => {
    pool = createWorkerPool<FixtureTask, FixtureResult>({ file: fixture, size: 2 });
    const running = Array.from({ length: 6 }, () => pool.run({ kind: 'wait', ms: 150 }));
    expect(pool.running + pool.waiting).toBe(6);
    expect(pool.running).toBeLessThanOrEqual(2);
    const results = await Promise.all(running);
    expect(mostAtOnce(results)).toBe(2);
    expect(new Set(results.map((result) => result.threadId)).size).toBe(2);
    expect(pool.running).toBe(0);
  });

  it('serves waiting tasks first come, first served', async () => {
    pool = createWorkerPool<FixtureTask, FixtureResult>({ file: fixture, size: 1 });
    const results = await Promise.all([40, 10, 30, 1, 20].map((ms) => pool.run({ kind: 'wait', ms })));
    for (let index = 1; index < results.length; index++) expect(results[index]!.started).toBeGreaterThanOrEqual(results[index - 1]!.ended);
  });

  it('rejects a task its thread died on, with an Error saying why, and carries on with a new thread', async () => {
    pool = createWorkerPool<FixtureTask, FixtureResult>({ file: fixture, size: 1, name: 'fixture' });
    const first = await pool.run({ kind: 'wait', ms: 1 });
    const crashed = pool.run({ kind: 'crash' });
    const after = pool.run({ kind: 'wait', ms: 1 });
    await expect(crashed).rejects.toThrow(/fixture thread stopped while working \(the fixture fell over\)/);
    const next = await after;
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('ends a thread idle for idleMs, and starts one for the next task', async () => {
    pool = createWorkerPool<FixtureTask, FixtureResult>({ file: fixture, size: 1, idleMs: 200 });
    const first = await pool.run({ kind: 'wait', ms: 1 });
    expect(pool.threads).toBe(1);
    // Busy again before the idle time is up: the same thread.
    expect((await pool.run({ kind: 'wait', ms: 1 })).threadId).toBe(first.threadId);
    await expect.poll(() => pool.threads, { timeout: 5000 }).toBe(0);
    const next = await pool.run({ kind: 'wait', ms: 1 });
    expect(next.threadId).not.toBe(first.threadId);
    expect(pool.threads).toBe(1);
  });

  it('rejects a task the worker refused, keeping the thread', async () => {
    pool = createWorkerPool<FixtureTask, FixtureResult>({ file: fixture, size: 1 });
    const first = await pool.run({ kind: 'wait', ms: 1 });
    await expect(pool.run({ kind: 'refuse' })).rejects.toThrow('refused by the fixture');
    expect((await pool.run({ kind: 'wait', ms: 1 })).threadId).toBe(first.threadId);
  });

  it('fails what runs and waits when closed, and takes nothing after', async () => {
    pool = createWorkerPool<FixtureTask, FixtureResult>({ file: fixture, size: 1 });
    const outcomes = Promise.allSettled([pool.run({ kind: 'wait', ms: 5000 }), pool.run({ kind: 'wait', ms: 1 })]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.close();
    for (const outcome of await outcomes) expect(outcome).toMatchObject({ status: 'rejected', reason: { message: 'worker pool is closed' } });
    await expect(pool.run({ kind: 'wait', ms: 1 })).rejects.toThrow('closed');
  });

  it('does not keep the process alive once its threads are idle', async () => {
    pool = createWorkerPool<FixtureTask, FixtureResult>({ file: fixture, size: 1 });
    // A process that runs a task and never closes its pool: it ends by itself, with the task's answer.
    const script = `
      const { createWorkerPool } = await import(${JSON.stringify(new URL('../../../core/server/worker-pool.ts', import.meta.url).href)});
      const pool = createWorkerPool({ file: new URL(${JSON.stringify(fixture.href)}), size: 2 });
      const results = await Promise.all([pool.run({ kind: 'wait', ms: 300 }), pool.run({ kind: 'wait', ms: 300 })]);
      console.log(results.length);`;
    const started = Date.now();
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { timeout: 20_000 });
    expect(stdout.trim()).toBe('2');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
