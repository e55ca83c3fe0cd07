/**
 * A plugin's database handle is typed by the tables it owns (core/server/db/database.ts, decision
 * 0052). The lines marked `@ts-expect-error` must not compile: were the typing loosened (a `Handle`
 * that queries, `ownTables` taking any tables), `npm run typecheck` would fail on the marks.
 */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { coreTables, inTransaction, ownTables, type Handle } from '../../core/server/db/database';

/** A handle that compiles PostgreSQL and runs nothing. */
const handle: Handle = new Kysely<object>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** What compiles and what does not; each line runs too (a handle is a Kysely underneath), building queries it never executes. */
function typings(db: Handle): void {
  const stories = ownTables(db, 'stories');
  stories.selectFrom('stories').select(['id', 'title']);
  // @ts-expect-error -- the stories' handle names no table of the issues plugin
  stories.selectFrom('issues');
  // @ts-expect-error -- nor joins one
  stories.selectFrom('stories').innerJoin('issue_deliveries', 'issue_deliveries.issue_id', 'stories.id');
  // @ts-expect-error -- a handle opens only with the tables a plugin adds to PluginTables, by its id
  ownTables(db, 'team');
  // @ts-expect-error -- and takes no tables type of the caller's choosing
  ownTables<{ issues: { id: string } }>(db, 'stories');
  // @ts-expect-error -- a Handle as it crosses plugins queries nothing
  db.selectFrom('stories');
  // @ts-expect-error -- nor writes
  db.insertInto('stories');
  // @ts-expect-error -- nor changes
  db.updateTable('stories');
  // @ts-expect-error -- nor deletes
  db.deleteFrom('stories');
  // @ts-expect-error -- nor runs SQL
  void sql`select 1`.compile(db);
  // @ts-expect-error -- nor is given tables by Kysely
  db.withTables<{ issues: { id: string } }>();
  coreTables(db).selectFrom('users').select('id');
}

describe("a plugin's handle", () => {
  it('is the same handle opened with its tables: the same queries as before', () => {
    typings(handle);
    expect(ownTables(handle, 'stories')).toBe(handle);
    expect(coreTables(handle)).toBe(handle);
    expect(ownTables(handle, 'stories').selectFrom('stories').select('id').where('id', '=', 'a').compile().sql).toBe(
      'select "id" from "stories" where "id" = $1',
    );
  });

  it("joins the caller's transaction, opened or not", async () => {
    const seen = await inTransaction(handle, async (tx) => {
      const joined = await inTransaction(ownTables(tx, 'settings'), async (inner) => inner);
      return { tx, joined };
    });
    expect(seen.tx.isTransaction).toBe(true);
    expect(seen.joined).toBe(seen.tx);
  });
});
