/** The table rule ESLint enforces (tools/lint/own-tables.js): only a table's owner names it in SQL. */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the lint workspace's ESLint ships no types for this entry; only verify() is used, typed below
import { Linter } from '../../tools/lint/node_modules/eslint/lib/api.js';
import ownTables, { tableOwners, tableProblem, tablesInSql } from '../../tools/lint/own-tables.js';

/** The rule's messages on `code` as if it were the file at `file` (project-relative). */
function problems(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: process.cwd() });
  const messages = linter.verify(
    code,
    [{ files: ['**/*.ts'], plugins: { masthead: { rules: { 'own-tables': ownTables as never } } }, rules: { 'masthead/own-tables': 'error' } }],
    { filename: `${process.cwd()}/${file}` },
  );
  return (messages as { message: string }[]).map((message) => message.message);
}

describe('table ownership', () => {
  it('knows each table by the migration that creates it', () => {
    const owners = tableOwners();
    expect(owners.get('stories')).toBe('stories');
    expect(owners.get('issue_deliveries')).toBe('issues');
    expect(owners.get('newsletters')).toBe('core');
    expect(owners.get('users')).toBe('core');
  });

  it("refuses another plugin's table and the core's, and lets the owner be", () => {
    expect(tableProblem('issues', 'stories')).toMatch(/belongs to the stories plugin/);
    expect(tableProblem('analytics', 'newsletters')).toMatch(/the core's table/);
    expect(tableProblem('stories', 'stories')).toBeNull();
    expect(tableProblem('core', 'users')).toBeNull();
    expect(tableProblem('issues', 'not_a_table')).toBeNull();
  });

  it('reads the tables SQL text names, but not a foreign key', () => {
    expect(tablesInSql('insert into issue_deliveries select s.id from subscribers s join users u on true')).toEqual([
      'issue_deliveries',
      'subscribers',
      'users',
    ]);
    expect(tablesInSql('create table x (newsletter_id text references newsletters (id))')).toEqual(['x']);
  });

  it('reports Kysely calls and sql templates of a plugin that name tables it does not own', () => {
    const file = 'plugins/issues/server/example.ts';
    expect(problems(file, "db.selectFrom('stories').selectAll();")).toHaveLength(1);
    expect(problems(file, "db.selectFrom('issues').leftJoin('users as u', 'u.id', 'issues.owner_id');")).toHaveLength(1);
    expect(problems(file, 'sql`update subscribers set name = ${name}`;')).toHaveLength(1);
    expect(problems(file, "sql.table('stories');")).toHaveLength(1);
    expect(problems(file, "sql.raw('delete from stories');")).toHaveLength(1);
    expect(problems(file, "const join = ({ selectFrom }) => selectFrom('stories');")).toHaveLength(1);
    expect(problems(file, "db.selectFrom('issues').selectAll(); db.insertInto('issue_deliveries');")).toEqual([]);
    expect(problems('core/server/store.ts', "db.selectFrom('stories');")).toHaveLength(1);
    expect(problems('tests/api/example.ts', "db.selectFrom('stories');")).toEqual([]);
  });

  it("opens a plugin's handle with its own folder's id only, and never with the core's tables or tables of its choosing", () => {
    const file = 'plugins/issues/server/example.ts';
    expect(problems(file, "ownTables(db, 'issues').selectFrom('issues');")).toEqual([]);
    expect(problems(file, "ownTables(db, 'stories');")).toEqual([`ownTables opens the issues plugin's own tables: write ownTables(db, 'issues')`]);
    expect(problems(file, 'ownTables(db, owner);')).toHaveLength(1);
    expect(problems(file, 'ownTables(db);')).toHaveLength(1);
    expect(problems(file, 'coreTables(db);')).toHaveLength(1);
    expect(problems(file, 'db.withTables();')).toHaveLength(1);
    expect(problems('core/server/store.ts', 'coreTables(db);')).toEqual([]);
    expect(problems('tests/api/example.ts', "db.withTables(); ownTables(db, 'stories');")).toEqual([]);
  });
});
