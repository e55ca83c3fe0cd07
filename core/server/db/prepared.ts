/**
 * The PostgreSQL pool as Kysely uses it, with each statement prepared once per connection
 * (docs/decisions/0043-prepared-statements.md). Planning, not running, was most of what the
 * server's statements cost PostgreSQL: an issue's results planned in about 2 ms and ran in 0.2.
 * A statement named here is parsed once on each connection, and after a few runs PostgreSQL keeps
 * a generic plan for it when that costs no more than planning each time.
 *
 * Only statements with parameters are named (a script of several statements cannot be prepared),
 * and only the first `maxNamed` texts a process sees: texts that vary without end (an `in` list
 * of every length) would otherwise hold memory on every connection of the server. A text made for
 * one run (a publisher file's import writes each table's rows in statements of its own) starts
 * with `oneOff` and is never named, so that it does not spend the names the server's statements need.
 */
import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** Distinct statement texts a process prepares; any further text runs unprepared. */
const maxNamed = 500;

/** The start of a statement made for one run: it runs unprepared. */
export const oneOff = '/* one-off */ ';

/** Each text's name, the same on every connection of the process; null for a text that may no longer be prepared. */
const names = new Map<string, string | null>();

function nameOf(text: string): string | null {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= maxNamed) return null;
  const name = `masthead_${names.size}`;
  names.set(text, name);
  return name;
}

/**
 * A prepared statement whose tables changed shape since (a migration by another process of a
 * rolling update) cannot run again on that connection: the text then runs unprepared from now on.
 */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && String((error as Error).message).includes('cached plan must not change result type');

export function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    function query(text: string | pg.Submittable, values?: unknown[]) {
      // A cursor (Kysely's stream) goes as it is.
      if (typeof text !== 'string') return client.query(text);
      const name = values?.length && !text.startsWith(oneOff) ? nameOf(text) : null;
      if (!name) return client.query(text, values);
      return client.query({ name, text, values }).catch((error: unknown) => {
        if (!isStalePlan(error)) throw error;
        names.set(text, null);
        return client.query(text, values);
      });
    }
    return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}
