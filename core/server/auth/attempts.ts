/**
 * Wrong sign-in tries, counted in the database (table `sign_in_limits`) so that every server
 * process counts the same tries. Two counters stand in front of a password check:
 * - the account's (the e-mail typed, lowercased, from whatever address): after `failures` wrong
 *   tries the account is locked for `lockSeconds`, and each wrong try after a lock doubles the
 *   lock up to `maxLockSeconds`, so guessing slows to a crawl while the real user gets in again
 *   soon after the guessing stops. A right password starts the count over.
 * - the client address's, across accounts (and the password reset calls): the same rules, so one
 *   address cannot try a few passwords on many accounts. Right passwords do not count.
 * An unknown e-mail is counted like a known one: the answers tell nobody who has an account.
 *
 * A try is counted before its password is checked, in one atomic statement per counter, so tries
 * sent together cannot all pass before the first failure is written; a right password then takes
 * its count back.
 */
import { isIPv6 } from 'node:net';
import { sql, type RawBuilder } from 'kysely';
import type { Constants } from '../../shared/config';
import { clock } from '../clock';
import { coreTables, type Handle } from '../db/database';
import { tooManyRequests } from '../errors';

export type LimitPolicy = Constants['auth']['signInLimits']['account'];

export interface Counter {
  key: string;
  policy: LimitPolicy;
  /** What a right password does to it: the account's starts over, the address's only takes this try back. */
  onSuccess: 'reset' | 'uncount';
}

export interface Attempt {
  /** The password (or reset code) was right: this try does not count against anyone. */
  succeeded(): Promise<void>;
}

export interface AttemptLimiter {
  /** Counts a try on each counter; throws 429 (and counts nothing) when one of them is locked. */
  begin(counters: Counter[]): Promise<Attempt>;
}

export function accountCounter(email: string, policy: LimitPolicy): Counter {
  return { key: `account:${email.toLowerCase()}`, policy, onSuccess: 'reset' };
}

export function addressCounter(ip: string, policy: LimitPolicy): Counter {
  return { key: `address:${addressKey(ip)}`, policy, onSuccess: 'uncount' };
}

interface Counted {
  failures: number;
  locked_until: Date | null;
  refused: boolean;
}

const cleanEveryMs = 60_000;

export function createAttemptLimiter(handle: Handle): AttemptLimiter {
  const db = coreTables(handle);
  let lastClean = 0;

  /** Forgets counters nobody has touched for their window, now and then. */
  const clean = async (now: Date) => {
    if (now.getTime() - lastClean < cleanEveryMs) return;
    lastClean = now.getTime();
    await db.deleteFrom('sign_in_limits').where('forget_at', '<', now).execute();
  };

  const count = async (counter: Counter, now: Date): Promise<Counted> => {
    const { policy } = counter;
    const locked = sql`l.locked_until > ${now}`;
    const failures = sql`(case when l.forget_at <= ${now} then 1 else l.failures + 1 end)`;
    const lock = lockAfter(failures, policy, now);
    const first = lockAfterFirst(policy, now);
    const { rows } = await sql<Counted>`
      insert into sign_in_limits as l (key, failures, locked_until, forget_at, refused)
      values (${counter.key}, 1, ${first}, ${new Date((first ?? now).getTime() + policy.windowSeconds * 1000)}, false)
      on conflict (key) do update set
        refused = coalesce(${locked}, false),
        failures = case when ${locked} then l.failures else ${failures} end,
        locked_until = case when ${locked} then l.locked_until else ${lock} end,
        forget_at = case when ${locked} then l.forget_at else coalesce(${lock}, ${now}) + ${policy.windowSeconds}::float8 * interval '1 second' end
      returning failures, locked_until, refused`.execute(db);
    return rows[0]!;
  };

  /** Takes one counted try back, and the lock it started if no later try started another. */
  const uncount = async (counter: Counter, counted: Counted) => {
    await sql`
      update sign_in_limits set
        failures = greatest(failures - 1, 0),
        locked_until = case when locked_until = ${counted.locked_until} then null else locked_until end
      where key = ${counter.key}`.execute(db);
  };

  const succeed = async (counter: Counter, counted: Counted) => {
    if (counter.onSuccess === 'reset') await db.deleteFrom('sign_in_limits').where('key', '=', counter.key).execute();
    else await uncount(counter, counted);
  };

  return {
    async begin(counters) {
      const now = clock.now();
      await clean(now);
      const done: [Counter, Counted][] = [];
      for (const counter of counters) {
        const counted = await count(counter, now);
        if (counted.refused) {
          // Refused before any password was checked: the tries counted on the other counters go back.
          for (const [earlier, result] of done) await uncount(earlier, result);
          throw tooManyRequests(tryAgainIn(counted.locked_until!, now));
        }
        done.push([counter, counted]);
      }
      return {
        async succeeded() {
          for (const [counter, counted] of done) await succeed(counter, counted);
        },
      };
    },
  };
}

/** The lock a counter gets at `failures` wrong tries: none below the policy's count, then doubling up to the cap. */
function lockAfter(failures: RawBuilder<unknown>, policy: LimitPolicy, now: Date): RawBuilder<Date | null> {
  // The exponent is capped too, so a counter that lives for months cannot overflow.
  const seconds = sql`least(${policy.lockSeconds}::float8 * power(2, least(${failures} - ${policy.failures}, 30)), ${policy.maxLockSeconds}::float8)`;
  return sql<Date | null>`(case when ${failures} >= ${policy.failures} then ${now}::timestamptz + ${seconds} * interval '1 second' end)`;
}

/** The same for a counter's first try (a policy that locks at one failure). */
function lockAfterFirst(policy: LimitPolicy, now: Date): Date | null {
  return policy.failures <= 1 ? new Date(now.getTime() + Math.min(policy.lockSeconds, policy.maxLockSeconds) * 1000) : null;
}

function tryAgainIn(lockedUntil: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * The address a client is counted under: an IPv4 address as it is, an IPv6 address by its /64
 * network, since one subscriber line usually holds a whole /64 and could otherwise try from
 * millions of addresses.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
