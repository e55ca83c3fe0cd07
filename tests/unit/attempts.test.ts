import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from '../../core/server/auth/attempts';

describe('sign-in attempt limiter', () => {
  it('blocks after max failures in the window, and forgets them after it', () => {
    let now = 0;
    const limiter = createAttemptLimiter({ max: 3, windowSeconds: 60, now: () => now });
    for (let i = 0; i < 3; i++) {
      limiter.check('k');
      limiter.fail('k');
    }
    expect(() => limiter.check('k')).toThrow('Too many attempts. Please try again in 1 minute.');
    expect(() => limiter.check('other')).not.toThrow();
    now = 61_000;
    expect(() => limiter.check('k')).not.toThrow();
  });

  it('a success clears the count', () => {
    const limiter = createAttemptLimiter({ max: 2, windowSeconds: 600 });
    limiter.fail('k');
    limiter.succeed('k');
    limiter.fail('k');
    expect(() => limiter.check('k')).not.toThrow();
  });
});
