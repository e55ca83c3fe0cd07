/**
 * The embed service's two limits: at most `limit` renders at once on the server (a render waits
 * its turn, but not past its deadline), and at most constants.embeds.rendersPerUser running for
 * one user (one more is refused at once: the editor shows progress and waits for the first).
 */
import { tooManyRequests } from '../../../core/server/errors';
import { taskQueue } from '../../../core/server/task-queue';
import { constants } from '../../../core/shared/config';
import { FetchRefused } from '../../../core/server/services/safe-fetch';
import { embedBusyMessage } from '../rules';

/** At most `limit` renders at once; one that cannot start before its deadline is refused. */
export function slots(limit: number) {
  const queue = taskQueue(limit);
  const late = () => new FetchRefused('The server is busy drawing other embeds. Please try again.', 'unreachable');
  return { run: <T>(deadline: number, task: () => Promise<T>) => queue(task, { deadline, late }) };
}

/** Runs `work` for a user, refusing (429) a user who already has constants.embeds.rendersPerUser renders running. */
export function perUser() {
  const counts = new Map<string, number>();
  return async <T>(userId: string, work: () => Promise<T>): Promise<T> => {
    const count = counts.get(userId) ?? 0;
    if (count >= constants.embeds.rendersPerUser) throw tooManyRequests(embedBusyMessage);
    counts.set(userId, count + 1);
    try {
      return await work();
    } finally {
      const left = (counts.get(userId) ?? 1) - 1;
      if (left > 0) counts.set(userId, left);
      else counts.delete(userId);
    }
  };
}
