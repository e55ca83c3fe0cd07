/**
 * Statements prepared once per connection on PostgreSQL (core/server/db/prepared.ts, decision
 * 0043): a statement with parameters is prepared on first use and reused, one without is not, a
 * prepared statement whose table changed shape under it runs unprepared instead of failing, a text
 * made for one run is never prepared, and
 * DATABASE_PREPARE=off prepares nothing.
 */
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../core/server/db/database';
import { oneOff } from '../../core/server/db/prepared';
import { dropTestSchema } from './server';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('prepared statements (PostgreSQL)', () => {
  const schema = `prepared_${randomUUID().replace(/-/g, '')}`;
  let database: Database;

  /** The database on one connection, so that pg_prepared_statements shows what its statements prepared. */
  async function open(settings: Record<string, string> = {}): Promise<Database> {
    const saved = { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE, DATABASE_PREPARE: process.env.DATABASE_PREPARE };
    Object.assign(process.env, { DATABASE_POOL_SIZE: '1', ...settings });
    try {
      return await openDatabase({ url, schema });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  }

  beforeAll(async () => {
    database = await open();
    await database.exec('create table notes (id integer primary key, text text not null)');
  });
  afterAll(async () => {
    await database.close();
    await dropTestSchema(url!, schema);
  });

  const prepared = async (on = database) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(on.db)).rows.map((row) => row.statement);

  it('prepares a statement with parameters once and reuses it; one without stays unprepared', async () => {
    const add = (id: number, text: string) => sql`insert into notes (id, text) values (${id}, ${text})`.execute(database.db);
    await add(1, 'first');
    await add(2, 'second');
    await sql`select count(*) from notes`.execute(database.db);
    const statements = await prepared();
    expect(statements.filter((text) => text.startsWith('insert into notes'))).toHaveLength(1);
    expect(statements.some((text) => text.startsWith('select count(*) from notes'))).toBe(false);
    const { rows } = await sql<{ text: string }>`select text from notes order by id`.execute(database.db);
    expect(rows.map((row) => row.text)).toEqual(['first', 'second']);
    // A text made for one run (a publisher file's rows) is never named: it would spend the process's names.
    await database.db.executeQuery(CompiledQuery.raw(`${oneOff}select text from notes where id = $1`, [1]));
    expect((await prepared()).some((text) => text.includes('select text from notes where id'))).toBe(false);
  });

  it('runs a statement whose table changed shape since it was prepared, with the new columns', async () => {
    const read = () => sql<Record<string, unknown>>`select * from notes where id = ${1}`.execute(database.db);
    expect((await read()).rows).toEqual([{ id: 1, text: 'first' }]);
    // Another process of a rolling update migrates.
    await database.exec("alter table notes add column pinned boolean not null default false; update notes set text = 'changed' where id = 1");
    expect((await read()).rows).toEqual([{ id: 1, text: 'changed', pinned: false }]);
    expect((await read()).rows).toEqual([{ id: 1, text: 'changed', pinned: false }]);
  });

  it('prepares nothing with DATABASE_PREPARE=off', async () => {
    const unprepared = await open({ DATABASE_PREPARE: 'off' });
    try {
      const { rows } = await sql<{ text: string }>`select text from notes where id = ${2}`.execute(unprepared.db);
      expect(rows).toEqual([{ text: 'second' }]);
      expect(await prepared(unprepared)).toEqual([]);
    } finally {
      await unprepared.close();
    }
  });
});
