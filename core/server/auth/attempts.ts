/**
 * Failed sign-in attempts per address and e-mail. Only failures count, so a user who signs in
 * often is never locked out, while guessing stops after `max` misses in the window. Kept in the
 * process's memory: behind several processes each counts its own (see docs/operations.md).
 */
import { tooManyRequests } from '../errors';

export interface AttemptLimiter {
  /** Throws 429 when the key has used up its attempts. */
  check(key: string): void;
  fail(key: string): void;
  succeed(key: string): void;
}

export function createAttemptLimiter(options: { max: number; windowSeconds: number; now?: () => number }): AttemptLimiter {
  const now = options.now ?? Date.now;
  const windowMs = options.windowSeconds * 1000;
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = now() - windowMs;
    const times = (failures.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };
  return {
    check(key) {
      const times = recent(key);
      if (times.length < options.max) return;
      const minutes = Math.max(1, Math.ceil((times[0]! + windowMs - now()) / 60_000));
      throw tooManyRequests(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    },
    fail(key) {
      failures.set(key, [...recent(key), now()]);
    },
    succeed(key) {
      failures.delete(key);
    },
  };
}
