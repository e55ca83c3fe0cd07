/**
 * The sign-in limiter over a real (embedded, in-memory) database with a clock the test moves:
 * locks after the allowed wrong tries, doubling locks up to the cap, starting over, right
 * passwords, tries sent together.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountCounter, addressCounter, addressKey, createAttemptLimiter, type AttemptLimiter } from '../../core/server/auth/attempts';
import { clockControl } from '../../core/server/clock';
import { openDatabase, type Database } from '../../core/server/db/database';
import { migrate } from '../../core/server/db/migrate';

const policy = { failures: 3, windowSeconds: 60, lockSeconds: 60, maxLockSeconds: 240 };
const minute = 60_000;

let database: Database;
let limiter: AttemptLimiter;

beforeAll(async () => {
  database = await openDatabase({});
  await migrate(database, [{ owner: 'core', dir: join(import.meta.dirname, '../../core/server/migrations') }]);
});
afterAll(async () => {
  clockControl.reset();
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('sign_in_limits').execute();
  clockControl.freeze('2026-03-01T10:00:00Z');
  limiter = createAttemptLimiter(database.db);
});

const account = (email = 'someone@masthead.local') => accountCounter(email, policy);
const address = (ip = '203.0.113.7') => addressCounter(ip, policy);
/** A wrong try: answers 'counted', or the 429's text. */
const wrong = async (...counters: ReturnType<typeof account>[]) => {
  try {
    await limiter.begin(counters);
    return 'counted';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('sign-in limiter', () => {
  it('locks after the allowed wrong tries, and lifts the lock after its time', async () => {
    expect([await wrong(account()), await wrong(account()), await wrong(account())]).toEqual(['counted', 'counted', 'counted']);
    expect(await wrong(account())).toBe('Too many attempts. Please try again in 1 minute.');
    // Another account is not affected, and an e-mail counts whatever its case.
    expect(await wrong(account('other@masthead.local'))).toBe('counted');
    expect(await wrong(account('SOMEONE@masthead.local'))).toBe('Too many attempts. Please try again in 1 minute.');
    clockControl.advance(minute + 1);
    expect(await wrong(account())).toBe('counted');
  });

  it('doubles the lock with each wrong try after one, up to the cap', async () => {
    for (let i = 0; i < 3; i++) await wrong(account());
    const locks: string[] = [];
    for (let i = 0; i < 4; i++) {
      // Wait out the lock, then try once more: a longer lock each time, never above 4 minutes.
      while ((await wrong(account())) !== 'counted') clockControl.advance(10_000);
      locks.push(await wrong(account()));
    }
    expect(locks).toEqual([
      'Too many attempts. Please try again in 2 minutes.',
      'Too many attempts. Please try again in 4 minutes.',
      'Too many attempts. Please try again in 4 minutes.',
      'Too many attempts. Please try again in 4 minutes.',
    ]);
    // Tries refused during a lock do not lengthen it.
    for (let i = 0; i < 20; i++) await wrong(account());
    clockControl.advance(4 * minute + 1);
    expect(await wrong(account())).toBe('counted');
  });

  it('starts over after the window without tries', async () => {
    await wrong(account());
    await wrong(account());
    clockControl.advance(policy.windowSeconds * 1000 + 1);
    expect([await wrong(account()), await wrong(account()), await wrong(account())]).toEqual(['counted', 'counted', 'counted']);
    expect(await wrong(account())).toMatch(/^Too many attempts/);
  });

  it("a right password starts the account's count over, and only takes its own try back from the address", async () => {
    await wrong(account(), address());
    await wrong(account(), address());
    await (await limiter.begin([account(), address()])).succeeded();
    // The account may miss three times again; the address has two misses and one more allowed.
    expect(await wrong(account('third@masthead.local'), address())).toBe('counted');
    expect(await wrong(account('fourth@masthead.local'), address())).toBe('Too many attempts. Please try again in 1 minute.');
    expect([await wrong(account()), await wrong(account())]).toEqual(['counted', 'counted']);
  });

  it('a right password on the try that reached the limit lifts the lock it started', async () => {
    await wrong(address());
    await wrong(address());
    await (await limiter.begin([address()])).succeeded();
    expect(await wrong(address())).toBe('counted');
  });

  it('refused by the address, a try does not count against the account either', async () => {
    for (let i = 0; i < 3; i++) await wrong(account(`user${i}@masthead.local`), address());
    for (let i = 0; i < 5; i++) expect(await wrong(account('victim@masthead.local'), address())).toMatch(/^Too many attempts/);
    // From another address the victim's account still has all its tries.
    expect([
      await wrong(account('victim@masthead.local'), address('198.51.100.1')),
      await wrong(account('victim@masthead.local'), address('198.51.100.1')),
      await wrong(account('victim@masthead.local'), address('198.51.100.1')),
    ]).toEqual(['counted', 'counted', 'counted']);
  });

  it('lets only the allowed number through when tries arrive together', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => wrong(account('burst@masthead.local'))));
    expect(results.filter((result) => result === 'counted')).toHaveLength(3);
  });

  it('forgets counters past their window', async () => {
    await wrong(account());
    clockControl.advance(2 * minute);
    await wrong(account('later@masthead.local'));
    const keys = (await database.db.selectFrom('sign_in_limits').select('key').execute()).map((row) => row.key);
    expect(keys).toEqual(['account:later@masthead.local']);
  });
});

describe('addressKey', () => {
  it('counts IPv4 as it is and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:12:34:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:12:34::/64');
    expect(addressKey('2001:0db8:0012:0034::1')).toBe('2001:db8:12:34::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
