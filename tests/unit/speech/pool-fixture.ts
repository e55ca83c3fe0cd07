/** A worker for the pool's tests: waits as long as it is told and says when, or dies when told. */
import { parentPort, threadId } from 'node:worker_threads';
import type { PoolAnswer, PoolRequest } from '../../../core/server/worker-pool';

export type FixtureTask = { kind: 'wait'; ms: number } | { kind: 'crash' } | { kind: 'refuse' };
export interface FixtureResult {
  threadId: number;
  started: number;
  ended: number;
}

parentPort!.on('message', ({ id, task }: PoolRequest<FixtureTask>) => {
  const answer = (message: PoolAnswer<FixtureResult>) => parentPort!.postMessage(message);
  if (task.kind === 'crash')
    setImmediate(() => {
      throw new Error('the fixture fell over');
    });
  else if (task.kind === 'refuse') answer({ id, ok: false, message: 'refused by the fixture' });
  else {
    const started = Date.now();
    setTimeout(() => answer({ id, ok: true, result: { threadId, started, ended: Date.now() } }), task.ms);
  }
});
