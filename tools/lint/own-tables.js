/**
 * The table rule of docs/ARCHITECTURE.md: a table belongs to whoever creates it in a migration (a
 * plugin, or the core), and only its owner's code names it in SQL. Others call the owner's public
 * service. Checked on Kysely's table arguments (`selectFrom('stories')`, `leftJoin('users as u', ...)`)
 * and on the text of `sql` templates (`from stories`, `update newsletters`); a plugin's migrations
 * are checked when its server entry is linted. A handle is opened with the owner's tables: a plugin
 * names its own folder's id in `ownTables(db, 'stories')`, and neither opens the core's
 * (`coreTables`) nor gives a handle tables of its choosing (Kysely's `withTables`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

/** Kysely calls whose first argument names a table (or a list of them). */
const tableMethods = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'using',
]);

/** Where a table is named in SQL text: after from, join, update, into, table (alter, truncate). */
const sqlTable = /\b(?:from|join|update|into|table)\s+(?:only\s+|if\s+(?:not\s+)?exists\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/** Migrations written before this rule whose columns on the core's `newsletters` the core now declares (core/005). */
const history = new Set(['plugins/subscribers/server/migrations/002_subscriber_count.sql', 'plugins/newsletters/server/migrations/002_first_published.sql']);

function migrationsOf(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^\d+_.+\.sql$/.test(name))
    .sort()
    .map((name) => ({ file: relative(root, join(dir, name)).split(sep).join('/'), text: readFileSync(join(dir, name), 'utf8') }));
}

function created(text) {
  return [...text.matchAll(/\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)"?/gi)].map((match) => match[1].toLowerCase());
}

let owners;
/** Table name to owner ('core' or a plugin id), read once from every migration. */
export function tableOwners() {
  if (owners) return owners;
  owners = new Map();
  for (const { text } of migrationsOf(join(root, 'core', 'server', 'migrations'))) for (const table of created(text)) owners.set(table, 'core');
  const pluginsDir = join(root, 'plugins');
  for (const id of existsSync(pluginsDir) ? readdirSync(pluginsDir) : [])
    for (const { text } of migrationsOf(join(pluginsDir, id, 'server', 'migrations'))) for (const table of created(text)) owners.set(table, id);
  return owners;
}

/** Who the file at this project-relative path writes SQL for: 'core', a plugin id, or null (tests, tools). */
export function ownerOfFile(file) {
  const [top, second] = file.split('/');
  if (top === 'core') return 'core';
  if (top === 'plugins' && second) return second;
  return null;
}

/** Why `writer` may not name `table`, or null when it may. */
export function tableProblem(writer, table) {
  const owner = tableOwners().get(table.toLowerCase());
  if (!owner || owner === writer) return null;
  return owner === 'core'
    ? `'${table}' is the core's table: call the core's function for it (core/server/store.ts), not SQL`
    : `'${table}' belongs to the ${owner} plugin: call its public service (plugins/${owner}/server/public.ts), not SQL`;
}

/** The tables named in a piece of SQL text. */
export function tablesInSql(text) {
  const withoutReferences = text.replace(/\breferences\s+"?[a-z_][a-z0-9_]*"?/gi, '');
  return [...withoutReferences.matchAll(sqlTable)].map((match) => match[1]);
}

const tableOf = (value) => value.trim().split(/\s+/)[0];

export default {
  meta: { type: 'problem', docs: { description: 'Only the owner of a table names it in SQL' }, schema: [] },
  create(context) {
    const file = relative(root, context.filename).split(sep).join('/');
    const writer = ownerOfFile(file);
    if (!writer) return {};
    const report = (node, table) => {
      const problem = tableProblem(writer, table);
      if (problem) context.report({ node, message: problem });
    };
    const checkArgument = (node) => {
      if (node?.type === 'Literal' && typeof node.value === 'string') report(node, tableOf(node.value));
      if (node?.type === 'ArrayExpression') for (const element of node.elements) checkArgument(element);
    };
    /** How a handle is opened: `ownTables` with the writer's own id; the core's tables and `withTables` are not a plugin's. */
    const checkOpening = (node, name) => {
      if (writer === 'core') return;
      if (name === 'ownTables') {
        const owner = node.arguments[1];
        if (owner?.type !== 'Literal' || owner.value !== writer)
          context.report({ node: owner ?? node, message: `ownTables opens the ${writer} plugin's own tables: write ownTables(db, '${writer}')` });
      }
      if (name === 'coreTables') context.report({ node, message: "coreTables is the core's: call the core's function for its tables (core/server/store.ts)" });
      if (name === 'withTables') context.report({ node, message: `withTables gives a handle any tables: open it with ownTables(db, '${writer}')` });
    };
    return {
      Program(node) {
        // A plugin's migrations, once, with its server entry.
        const match = /^plugins\/([^/]+)\/server\/index\.ts$/.exec(file);
        if (!match) return;
        for (const migration of migrationsOf(join(root, 'plugins', match[1], 'server', 'migrations'))) {
          if (history.has(migration.file)) continue;
          for (const table of tablesInSql(migration.text)) {
            const problem = tableProblem(writer, table);
            if (problem) context.report({ node, message: `${migration.file}: ${problem}` });
          }
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        const name =
          callee.type === 'Identifier'
            ? callee.name
            : callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
              ? callee.property.name
              : null;
        if (name && tableMethods.has(name)) checkArgument(node.arguments[0]);
        if (name) checkOpening(node, name);
        // sql.table('stories'), and SQL text in sql.raw('delete from stories').
        const onSql = callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'sql';
        const argument = node.arguments[0];
        if (onSql && name === 'table') checkArgument(argument);
        if (onSql && name === 'raw' && argument?.type === 'Literal' && typeof argument.value === 'string')
          for (const table of [...tablesInSql(argument.value), ...(/^[a-z_]+$/.test(argument.value) ? [argument.value] : [])]) report(argument, table);
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag;
        const name = tag.type === 'Identifier' ? tag.name : tag.type === 'MemberExpression' && tag.object.type === 'Identifier' ? tag.object.name : null;
        if (name !== 'sql') return;
        for (const quasi of node.quasi.quasis) for (const table of tablesInSql(quasi.value.cooked ?? quasi.value.raw)) report(quasi, table);
      },
    };
  },
};
