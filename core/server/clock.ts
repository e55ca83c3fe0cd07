/**
 * The server's one clock: the time the product acts on (publication times, expiry, 'today',
 * schedule leads, sessions, the demo data's relative dates, analytics periods). Server code reads
 * `clock.now()` or `clock.ms()`, never `new Date()` or `Date.now()`, and passes the time to SQL
 * instead of `now()` where a query decides by the date. Tests set the clock with `clockControl`
 * instead of waiting for real time to pass (docs/decisions/0024-one-clock.md).
 *
 * What the server measures for itself (timeouts, leases, retry backoff, rate-limit windows, log
 * timings) stays on real time: moving the product's clock must not starve a lease or a timer.
 */

export interface Clock {
  /** The time now, as the product sees it. */
  now(): Date;
  /** The same, in milliseconds since the epoch. */
  ms(): number;
}

/** How far the clock is from the system's (it runs with it), or where it stands still. */
let offsetMs = 0;
let frozenAtMs: number | null = null;

export const clock: Clock = {
  ms: () => frozenAtMs ?? Date.now() + offsetMs,
  now: () => new Date(clock.ms()),
};

/** Who hears that the clock was set or moved (work due by the clock looks again at once). */
const movedListeners = new Set<() => void>();
const moved = () => {
  for (const listener of movedListeners) listener();
};

/** Calls `listener` whenever a test sets or moves the clock; answers how to stop. */
export function onClockMoved(listener: () => void): () => void {
  movedListeners.add(listener);
  return () => movedListeners.delete(listener);
}

const msOf = (at: Date | number | string) => (at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at));

/** How tests (and the journeys' server, tests/e2e/server-clock.js) set the clock; the product never does. */
export const clockControl = {
  /** From now on the clock reads `at`, and runs on from there with the system's. */
  set(at: Date | number | string): void {
    frozenAtMs = null;
    offsetMs = msOf(at) - Date.now();
    moved();
  },
  /** Moves the clock on (back, with a negative `ms`); a stopped clock stays stopped. */
  advance(ms: number): void {
    if (frozenAtMs === null) offsetMs += ms;
    else frozenAtMs += ms;
    moved();
  },
  /** Stops the clock at `at` (where it is, without): it moves only when set or advanced. */
  freeze(at?: Date | number | string): void {
    frozenAtMs = at === undefined ? clock.ms() : msOf(at);
    moved();
  },
  /** Whether the clock reads other than the system's time (set, advanced or stopped). */
  moved(): boolean {
    return offsetMs !== 0 || frozenAtMs !== null;
  },
  /** The system's time again. */
  reset(): void {
    offsetMs = 0;
    frozenAtMs = null;
    moved();
  },
};

/**
 * The system time at which the clock will read `at`: for timers and the job queue, which run on
 * real time (a job planned for the clock's 10:00 runs when the clock reads 10:00).
 */
export function systemTimeAt(at: Date): Date {
  return new Date(Date.now() + (at.getTime() - clock.ms()));
}
