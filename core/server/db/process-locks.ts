/**
 * Locks a process holds for as long as it lives: PostgreSQL's session-level advisory locks. When a
 * process dies (a crash, SIGKILL), the database ends its sessions and its locks are free at once,
 * which every other process can see (`held`) without waiting for a lease to run out. On a
 * PostgreSQL server a lock is held on a connection of its own, taken from the pool while it is
 * held (and lost with it: `onLost`); PGlite has one session, the process's own, so its locks are
 * taken there, and a restart finds them all free.
 *
 * A lock's key is its name and the schema the process works in (tests run servers on copies of
 * one database in schemas of their own), hashed the same way by `take` and `held`. A pooler in
 * transaction mode (DATABASE_PREPARE=off, database.ts) keeps no session for a client: there locks
 * are not taken and `held` always answers true, so that whatever relies on them falls back to what
 * it did without them.
 */
import type pg from 'pg';
import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';

export interface ProcessLocks {
  /**
   * Takes the lock called `name`, a name no other process uses (a run's own), and answers its
   * release. `onLost` hears that the lock's connection broke while it was held: others may take it
   * from then on.
   */
  take(name: string, onLost?: () => void): Promise<() => Promise<void>>;
  /** Whether some live process holds the lock called `name` (an SQL expression), as a condition. */
  held(name: RawBuilder<string>): RawBuilder<boolean>;
}

/** The lock's key: its name in the schema the statement runs in. */
const keyOf = (name: RawBuilder<string> | string) => sql`hashtextextended(current_schema() || ':' || ${name}, 0)`;
/** The same key in a plain statement's text, its name the parameter `$1`. */
const keyText = `hashtextextended(current_schema() || ':' || $1::text, 0)`;

/** Whether a live session holds the lock: a 64-bit key shows in pg_locks as two halves, classid the high one and objid the low one. */
const heldBySession = (name: RawBuilder<string>) =>
  sql<boolean>`exists (
    select 1 from pg_locks
    where locktype = 'advisory' and granted and objsubid = 1 and ((classid::bigint << 32) | objid::bigint) = ${keyOf(name)})`;

/** Locks on a PostgreSQL server: each on a connection of the pool held while the lock is. */
export function serverLocks(pool: pg.Pool): ProcessLocks {
  return {
    async take(name, onLost) {
      const client = await pool.connect();
      let taken = false;
      try {
        const { rows } = await client.query<{ taken: boolean }>(`select pg_try_advisory_lock(${keyText}) as taken`, [name]);
        taken = rows[0]!.taken;
      } finally {
        if (!taken) client.release();
      }
      // Only a name another process also uses is ever refused: a caller's mistake.
      if (!taken) throw new Error(`the lock ${name} is held by another process`);
      let lost = false;
      const broke = () => {
        lost = true;
        onLost?.();
      };
      client.on('error', broke);
      return async () => {
        client.off('error', broke);
        if (lost) return client.release(true);
        // Unlocked, or, if that fails, the connection closed: either frees the lock.
        await client.query(`select pg_advisory_unlock(${keyText})`, [name]).then(
          () => client.release(),
          (error: Error) => client.release(error),
        );
      };
    },
    held: heldBySession,
  };
}

/** Locks on the embedded database: its one session is this process's. */
export function sessionLocks(db: QueryExecutorProvider): ProcessLocks {
  return {
    async take(name) {
      await sql`select pg_advisory_lock(${keyOf(name)})`.execute(db);
      return async () => {
        await sql`select pg_advisory_unlock(${keyOf(name)})`.execute(db);
      };
    },
    held: heldBySession,
  };
}

/** No locks (a pooler in transaction mode): every take succeeds, every lock looks held. */
export const unlocked: ProcessLocks = {
  take: () => Promise.resolve(() => Promise.resolve()),
  held: () => sql<boolean>`true`,
};
