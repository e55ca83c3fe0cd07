/**
 * A DKIM signer's thread (dkim.ts, createDkimSigner): answers each message with its
 * DKIM-Signature header field. A key is read from its PEM text once per thread. Compiled as its
 * own entry (scripts/build/server.ts) since nothing imports it.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import type { PoolAnswer, PoolRequest } from '../worker-pool';
import { dkimSignature, type DkimTask } from './dkim';

if (!parentPort) throw new Error('dkim-worker.ts runs as a worker thread of the DKIM signer');
const port = parentPort;
const keys = new Map<string, KeyObject>();

port.on('message', ({ id, task }: PoolRequest<DkimTask>) => {
  let answer: PoolAnswer<string>;
  try {
    let privateKey = keys.get(task.pem);
    if (!privateKey) keys.set(task.pem, (privateKey = createPrivateKey(task.pem)));
    answer = {
      id,
      ok: true,
      result: dkimSignature(task.raw, { domain: task.domain, selector: task.selector, privateKey }, new Date(task.time), task.bodyHash),
    };
  } catch (error) {
    answer = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
