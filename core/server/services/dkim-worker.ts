/**
 * A DKIM signer's thread (dkim.ts, createDkimSigner): answers each message of a batch with its
 * DKIM-Signature header field. A key is read from its PEM text once per thread. Compiled as its
 * own entry (scripts/build/server.ts) since nothing imports it.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import type { PoolAnswer, PoolRequest } from '../worker-pool';
import { dkimSignature, type DkimBatch, type DkimBatchAnswer } from './dkim';

if (!parentPort) throw new Error('dkim-worker.ts runs as a worker thread of the DKIM signer');
const port = parentPort;
const keys = new Map<string, KeyObject>();

port.on('message', ({ id, task: batch }: PoolRequest<DkimBatch>) => {
  const answers: DkimBatchAnswer = batch.tasks.map((task) => {
    try {
      const pem = batch.pems[task.key]!;
      let privateKey = keys.get(pem);
      if (!privateKey) keys.set(pem, (privateKey = createPrivateKey(pem)));
      return { header: dkimSignature(task.raw, { domain: task.domain, selector: task.selector, privateKey }, new Date(task.time), task.bodyHash) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
  const answer: PoolAnswer<DkimBatchAnswer> = { id, ok: true, result: answers };
  port.postMessage(answer);
});
