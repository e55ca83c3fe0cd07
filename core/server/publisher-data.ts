/**
 * A publisher's data, out and in (issue 56, "Export a publisher"): one zip file with every row
 * that belongs to the publisher, in whichever plugin's table, and the stored files those rows name;
 * importing it into another Masthead makes the same publisher there, with the same console.
 *
 * The core owns the tenants, so the core knows which rows are a publisher's without knowing any
 * plugin: a row is the publisher's when its table has the publisher's id (publisher_id), one of its
 * newsletters' (newsletter_id), or a foreign key to a row that is (an issue's deliveries through
 * issue_id). The database's own catalog says which tables have what, so a plugin's new table
 * travels without a line here. A plugin leaves a table out through the extension point below (a
 * table of secrets, or of what a process holds for a while); the core leaves out sign-in sessions
 * and password hashes (the team signs in again with a password reset). Secrets are never written.
 *
 * The file: `publisher.json` (what, from which version, each table's columns and row count in the
 * order an import inserts them), `tables/<table>.jsonl` (a row a line), `files/<storage key>`.
 */
import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { CompiledQuery, sql, type Transaction } from 'kysely';
import type yauzl from 'yauzl';
import { loadArchiver, loadYauzl } from './on-first-use';
import { constants } from '../shared/config';
import type { Db } from './db/database';
import { oneOff } from './db/prepared';
import type { CoreTables } from './db/tables';
import { conflict, invalid, notFound } from './errors';
import { extensionPoint } from './plugins/extension-points';
import { contentTypeOf, isStorageKey, type Storage } from './services/storage';

/** A table a plugin keeps out of a publisher's file, and why (said in the file's manifest). */
export interface LeftOutTable {
  table: string;
  reason: string;
}
export const leftOutOfPublisherData = extensionPoint<LeftOutTable>('core.publisher-data.left-out');

/** The core's own tables a publisher's file never holds. */
const coreLeftOut: LeftOutTable[] = [
  { table: 'sessions', reason: 'sign-in sessions belong to the server that opened them' },
  { table: 'sign_in_limits', reason: 'counts of wrong passwords belong to the server that saw them' },
  { table: 'schema_migrations', reason: 'the importing server has its own' },
  { table: 'settings', reason: "the server's own settings, not a publisher's" },
  { table: 'socket_io_attachments', reason: 'live messages in flight between processes' },
];
/** Columns whose values are secrets: written as null. */
const secretColumns: Record<string, string[]> = { users: ['password_hash'] };

const formatName = 'masthead-publisher';
const manifestName = 'publisher.json';
const batchRows = 1000;
const storageKeyPattern = /[a-z][a-z-]*\/\d{4}-\d{2}\/[0-9a-f-]{36}(?:-[a-z0-9]+)?\.[a-z0-9]{2,5}/g;

interface Column {
  name: string;
  type: string;
  nullable: boolean;
  /** Numbered by a sequence of the server (bigserial): an import lets the importing server number it. */
  serial: boolean;
}
interface ForeignKey {
  column: string;
  table: string;
  refColumn: string;
}
interface TableShape {
  name: string;
  columns: Column[];
  foreignKeys: ForeignKey[];
  triggers: boolean;
}

export interface PublisherFileManifest {
  format: typeof formatName;
  version: 1;
  app: string;
  exportedAt: string;
  publisher: { id: string; title: string };
  /** In the order an import inserts them: each after the tables it refers to. */
  tables: { name: string; rows: number; columns: { name: string; type: string }[] }[];
  leftOut: LeftOutTable[];
  files: number;
}

async function shapesOf(db: Db): Promise<Map<string, TableShape>> {
  const { rows: columns } = await sql<{ table: string; name: string; type: string; nullable: string; fill: string | null }>`
    select c.table_name as "table", c.column_name as name, c.data_type as type, c.is_nullable as nullable, c.column_default as fill
    from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`.execute(db);
  const { rows: keys } = await sql<{ table: string; column: string; refTable: string; refColumn: string }>`
    select cl.relname as "table", a.attname as "column", rc.relname as "refTable", ra.attname as "refColumn"
    from pg_constraint k
    join pg_class cl on cl.oid = k.conrelid join pg_namespace n on n.oid = cl.relnamespace
    join pg_class rc on rc.oid = k.confrelid
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    join pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = k.confkey[1]
    where k.contype = 'f' and array_length(k.conkey, 1) = 1 and n.nspname = current_schema()`.execute(db);
  const { rows: triggered } = await sql<{ table: string }>`
    select distinct cl.relname as "table" from pg_trigger g join pg_class cl on cl.oid = g.tgrelid join pg_namespace n on n.oid = cl.relnamespace
    where not g.tgisinternal and n.nspname = current_schema()`.execute(db);
  const shapes = new Map<string, TableShape>();
  for (const column of columns) {
    const shape = shapes.get(column.table) ?? { name: column.table, columns: [], foreignKeys: [], triggers: false };
    shape.columns.push({ name: column.name, type: column.type, nullable: column.nullable === 'YES', serial: column.fill?.startsWith('nextval(') ?? false });
    shapes.set(column.table, shape);
  }
  for (const key of keys) shapes.get(key.table)?.foreignKeys.push({ column: key.column, table: key.refTable, refColumn: key.refColumn });
  for (const { table } of triggered) {
    const shape = shapes.get(table);
    if (shape) shape.triggers = true;
  }
  return shapes;
}

interface Selected {
  shape: TableShape;
  /** The rows of the publisher ($1), as a condition on the table's columns. */
  where: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables that hold a publisher's rows, each with the condition that finds them, parents first. */
function selection(shapes: Map<string, TableShape>, leftOut: readonly LeftOutTable[]): Selected[] {
  const out = new Set(leftOut.map((entry) => entry.table));
  const where = new Map<string, string | null>();
  const conditionOf = (name: string, visiting: Set<string>): string | null => {
    if (where.has(name)) return where.get(name)!;
    const shape = shapes.get(name);
    if (!shape || out.has(name) || visiting.has(name)) return null;
    const has = (column: string) => shape.columns.some((candidate) => candidate.name === column);
    let condition: string | null = null;
    if (name === 'publishers') condition = 'id = $1';
    else if (has('publisher_id') && shape.foreignKeys.some((key) => key.column === 'publisher_id')) condition = 'publisher_id = $1';
    else if (has('newsletter_id') && shape.foreignKeys.some((key) => key.column === 'newsletter_id' && key.table === 'newsletters'))
      condition = 'newsletter_id in (select id from newsletters where publisher_id = $1)';
    else {
      visiting.add(name);
      for (const key of shape.foreignKeys) {
        const parent = key.table === name ? null : conditionOf(key.table, visiting);
        if (parent) {
          condition = `${quote(key.column)} in (select ${quote(key.refColumn)} from ${quote(key.table)} where ${parent})`;
          break;
        }
      }
      visiting.delete(name);
    }
    where.set(name, condition);
    return condition;
  };
  const chosen = [...shapes.keys()].sort().filter((name) => conditionOf(name, new Set()) !== null);
  // Parents first: a table comes after every chosen table its foreign keys name.
  const ordered: string[] = [];
  const place = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const key of shapes.get(name)!.foreignKeys) if (key.table !== name && chosen.includes(key.table)) place(key.table, path);
    path.delete(name);
    ordered.push(name);
  };
  for (const name of chosen) place(name, new Set());
  return ordered.map((name) => ({ shape: shapes.get(name)!, where: where.get(name)! }));
}

/** Dates and times as PostgreSQL writes them in JSON (ISO 8601, to the microsecond): a JavaScript Date would keep milliseconds, and two rows a list orders by time could swap. */
const timeTypes = new Set(['timestamp with time zone', 'timestamp without time zone', 'date', 'time with time zone', 'time without time zone']);
const selected = (column: Column) => (timeTypes.has(column.type) ? `to_json(${quote(column.name)}) #>> '{}' as ${quote(column.name)}` : quote(column.name));

/** A value as the file holds it: bytes in base64, the rest as JSON writes it. */
const fileValue = (value: unknown, column: Column): unknown =>
  column.type === 'bytea' && value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value;

/** A value as the database takes it back. */
function databaseValue(value: unknown, column: Column): unknown {
  if (value === null || value === undefined) return null;
  if (column.type === 'bytea') return Buffer.from(value as string, 'base64');
  if (column.type === 'jsonb' || column.type === 'json') return JSON.stringify(value);
  return value;
}

export interface PublisherExport {
  manifest: PublisherFileManifest;
  /** The zip, on disk until it is sent; remove() deletes it. */
  path: string;
  remove(): void;
}

/**
 * Writes the publisher's file to a temporary folder: the rows in one transaction (one picture of
 * the data, read in batches), then the stored files they name (removals wait meanwhile). Answers
 * where the zip is, to be streamed and removed.
 */
export async function exportPublisher(db: Db, storage: Storage, publisherId: string, leftOut: readonly LeftOutTable[]): Promise<PublisherExport> {
  const folder = mkdtempSync(join(tmpdir(), 'masthead-publisher-'));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  const release = storage.holdRemovals();
  try {
    const everyLeftOut = [...coreLeftOut, ...leftOut];
    const keys = new Set<string>();
    const tables: PublisherFileManifest['tables'] = [];
    const publisher = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        const found = await sql<{ id: string; title: string }>`select id, title from publishers where id = ${publisherId}`.execute(tx);
        const row = found.rows[0];
        if (!row) throw notFound('Publisher not found.');
        for (const { shape, where } of selection(await shapesOf(tx), everyLeftOut)) {
          const secret = new Set(secretColumns[shape.name] ?? []);
          const columns = shape.columns;
          const file = createWriteStream(join(folder, `${shape.name}.jsonl`));
          let rows = 0;
          let after: string | null = null;
          for (;;) {
            // Read by the rows' physical position: a stable order within the transaction, cheap to continue from.
            const result = await tx.executeQuery<Record<string, unknown>>(
              CompiledQuery.raw(
                `${oneOff}select ctid::text as "__at", ${columns.map(selected).join(', ')} from ${quote(shape.name)} where (${where})${after ? ' and ctid > $2::tid' : ''} order by ctid limit ${batchRows}`,
                after ? [publisherId, after] : [publisherId],
              ),
            );
            for (const record of result.rows) {
              const line = JSON.stringify(
                Object.fromEntries(columns.map((column) => [column.name, secret.has(column.name) ? null : fileValue(record[column.name], column)])),
              );
              for (const key of line.match(storageKeyPattern) ?? []) if (isStorageKey(key)) keys.add(key);
              await write(file, `${line}\n`);
              rows += 1;
            }
            if (result.rows.length < batchRows) break;
            after = result.rows.at(-1)!.__at as string;
          }
          await new Promise<void>((done, fail) => file.end((error?: Error | null) => (error ? fail(error) : done())));
          tables.push({ name: shape.name, rows, columns: columns.map((column) => ({ name: column.name, type: column.type })) });
        }
        return row;
      });

    const path = join(folder, 'publisher.zip');
    const archiver = await loadArchiver();
    const archive = archiver('zip', { zlib: { level: 6 } });
    const written = pipeline(archive, createWriteStream(path));
    let files = 0;
    for (const key of [...keys].sort()) {
      const stored = await storage.read(key);
      if (!stored) continue;
      archive.append(stored.body, { name: `files/${key}` });
      await new Promise((done) => archive.once('entry', done));
      files += 1;
    }
    for (const table of tables) archive.file(join(folder, `${table.name}.jsonl`), { name: `tables/${table.name}.jsonl` });
    const manifest: PublisherFileManifest = {
      format: formatName,
      version: 1,
      app: constants.appVersion,
      exportedAt: new Date().toISOString(),
      publisher,
      tables,
      leftOut: everyLeftOut,
      files,
    };
    archive.append(JSON.stringify(manifest, null, 2), { name: manifestName });
    await archive.finalize();
    await written;
    return { manifest, path, remove };
  } catch (error) {
    remove();
    throw error;
  } finally {
    release();
  }
}

function write(stream: WriteStream, text: string): Promise<void> {
  return stream.write(text) ? Promise.resolve() : new Promise((done) => stream.once('drain', done));
}

/** Why a publisher's file cannot be imported, in the words the admin reads. */
const fileProblems = {
  notAFile: 'This is not a Masthead publisher file (publisher.json is missing or unreadable).',
  newer: (app: string) => `This file was made by Masthead ${app}, which keeps data this server does not know: update this server first.`,
  here: (title: string) => `${title} is on this server already.`,
  taken: (table: string, detail: string) => `The file's ${table} conflicts with what this server holds (${detail}).`,
  badRow: (table: string, line: number) => `Line ${line} of the file's ${table} cannot be read.`,
  refusedRow: (table: string, detail: string) => `The file's ${table} holds a row this server refuses (${detail}).`,
};

/** The largest manifest read into memory; a stored file is at most the largest upload the server takes. */
const manifestMaxBytes = 1_048_576;
const storedFileMaxBytes = Math.max(constants.limits.imageMaxBytes, constants.limits.recordingMaxBytes);

/** Whether the parsed manifest has the shape this server reads (anything else is not a publisher file). */
function isManifest(value: unknown): value is PublisherFileManifest {
  const manifest = value as PublisherFileManifest | null;
  return (
    manifest?.format === formatName &&
    typeof manifest.publisher?.id === 'string' &&
    typeof manifest.publisher.title === 'string' &&
    Array.isArray(manifest.tables) &&
    manifest.tables.every(
      (table) => typeof table?.name === 'string' && Array.isArray(table.columns) && table.columns.every((column) => typeof column?.name === 'string'),
    )
  );
}

export interface PublisherImport {
  publisher: { id: string; title: string };
  rows: number;
  /** Rows that named something the file does not hold and this server does not have (a user of another publisher), and could not do without it. */
  dropped: number;
  files: number;
}

/**
 * Makes the publisher of the file at `path` on this server: its stored files first (a failure
 * further on leaves unused files, never rows naming missing ones), then every row in one
 * transaction, in the file's order, with the tables' own triggers off (the counts they keep are in
 * the file). A reference to a row neither in the file nor here (the user of another publisher who
 * uploaded an image) becomes empty where the column allows it; otherwise the row is dropped and
 * counted. Nothing is imported when anything conflicts: the publisher is here already, a
 * newsletter's address or a team member's e-mail is taken.
 */
export async function importPublisher(db: Db, storage: Storage, path: string): Promise<PublisherImport> {
  const zip = await (await loadYauzl()).openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }).catch(() => {
    throw invalid(fileProblems.notAFile, 'file');
  });
  try {
    const entries = new Map<string, yauzl.Entry>();
    try {
      for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    } catch {
      throw invalid(fileProblems.notAFile, 'file');
    }
    const manifestEntry = entries.get(manifestName);
    if (!manifestEntry || manifestEntry.uncompressedSize > manifestMaxBytes) throw invalid(fileProblems.notAFile, 'file');
    let manifest: unknown;
    try {
      manifest = JSON.parse((await buffer(await zip.openReadStreamPromise(manifestEntry))).toString('utf8'));
    } catch {
      throw invalid(fileProblems.notAFile, 'file');
    }
    if (!isManifest(manifest)) throw invalid(fileProblems.notAFile, 'file');

    const shapes = await shapesOf(db);
    for (const table of manifest.tables) {
      const shape = shapes.get(table.name);
      if (!shape || table.columns.some((column) => !shape.columns.some((here) => here.name === column.name)))
        throw invalid(fileProblems.newer(manifest.app), 'file');
    }
    const here = await sql<{ id: string }>`select id from publishers where id = ${manifest.publisher.id}`.execute(db);
    if (here.rows.length > 0) throw conflict(fileProblems.here(manifest.publisher.title));

    let files = 0;
    for (const [name, entry] of entries) {
      const key = name.startsWith('files/') ? name.slice('files/'.length) : null;
      if (!key || !isStorageKey(key) || entry.uncompressedSize > storedFileMaxBytes) continue;
      await storage.put(key, await buffer(await zip.openReadStreamPromise(entry)), contentTypeOf(key));
      files += 1;
    }

    // The values each foreign key may take from the file, kept for the tables others refer to.
    const referenced = new Set(manifest.tables.flatMap((table) => shapes.get(table.name)!.foreignKeys.map((key) => `${key.table}.${key.refColumn}`)));
    const inFile = new Map<string, Set<unknown>>();
    let rows = 0;
    let dropped = 0;
    await db.transaction().execute(async (tx) => {
      const triggered = manifest.tables.filter((table) => shapes.get(table.name)!.triggers).map((table) => table.name);
      for (const name of triggered) await tx.executeQuery(CompiledQuery.raw(`${oneOff}alter table ${quote(name)} disable trigger user`));
      for (const table of manifest.tables) {
        const shape = shapes.get(table.name)!;
        const entry = entries.get(`tables/${table.name}.jsonl`);
        if (!entry) throw invalid(fileProblems.notAFile, 'file');
        const columns = shape.columns.filter((column) => !column.serial && table.columns.some((inTheFile) => inTheFile.name === column.name));
        const keep = shape.columns.filter((column) => referenced.has(`${table.name}.${column.name}`));
        for (const column of keep) inFile.set(`${table.name}.${column.name}`, new Set());
        const perBatch = Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, columns.length))));
        let batch: Record<string, unknown>[] = [];
        const flush = async () => {
          const kept = await withReferences(tx, shape, batch, inFile);
          dropped += batch.length - kept.length;
          batch = [];
          if (kept.length === 0) return;
          const values: unknown[] = [];
          const tuples = kept.map((row) => `(${columns.map((column) => `$${values.push(databaseValue(row[column.name], column))}`).join(', ')})`);
          try {
            await tx.executeQuery(
              CompiledQuery.raw(
                `${oneOff}insert into ${quote(table.name)} (${columns.map((column) => quote(column.name)).join(', ')}) values ${tuples.join(', ')}`,
                values,
              ),
            );
          } catch (error) {
            const { code, detail, message } = error as { code?: string; detail?: string; message?: string };
            if (code === '23505') throw conflict(fileProblems.taken(table.name, detail ?? 'a unique value'));
            // A value the column does not take (class 22) or a rule it breaks (class 23): the file's, not the server's, fault.
            if (code?.startsWith('22') || code?.startsWith('23')) throw invalid(fileProblems.refusedRow(table.name, detail ?? message ?? code), 'file');
            throw error;
          }
          for (const row of kept) for (const column of keep) inFile.get(`${table.name}.${column.name}`)!.add(row[column.name]);
          rows += kept.length;
        };
        const lines = createInterface({ input: await zip.openReadStreamPromise(entry), crlfDelay: Infinity });
        let lineNumber = 0;
        for await (const line of lines) {
          lineNumber += 1;
          if (!line) continue;
          let row: unknown;
          try {
            row = JSON.parse(line);
          } catch {
            row = null;
          }
          if (!row || typeof row !== 'object' || Array.isArray(row)) throw invalid(fileProblems.badRow(table.name, lineNumber), 'file');
          batch.push(row as Record<string, unknown>);
          if (batch.length >= perBatch) await flush();
        }
        await flush();
      }
      for (const name of triggered) await tx.executeQuery(CompiledQuery.raw(`${oneOff}alter table ${quote(name)} enable trigger user`));
    });
    return { publisher: manifest.publisher, rows, dropped, files };
  } finally {
    zip.close();
  }
}

/**
 * The rows of a batch whose references hold: a foreign key naming a row that is neither in the file
 * nor on this server is emptied where it may be, else the row is left out.
 */
async function withReferences(
  tx: Transaction<CoreTables>,
  shape: TableShape,
  batch: Record<string, unknown>[],
  inFile: Map<string, Set<unknown>>,
): Promise<Record<string, unknown>[]> {
  let kept = batch;
  for (const key of shape.foreignKeys) {
    const fromFile = inFile.get(`${key.table}.${key.refColumn}`);
    const unknown = [...new Set(kept.map((row) => row[key.column]).filter((value) => value !== null && value !== undefined && !fromFile?.has(value)))];
    if (unknown.length === 0) continue;
    const { rows } = await tx.executeQuery<{ value: unknown }>(
      CompiledQuery.raw(`${oneOff}select ${quote(key.refColumn)} as value from ${quote(key.table)} where ${quote(key.refColumn)}::text = any($1::text[])`, [
        unknown.map(String),
      ]),
    );
    const found = new Set(rows.map((row) => String(row.value)));
    const missing = new Set(unknown.map(String).filter((value) => !found.has(value)));
    if (missing.size === 0) continue;
    const column = shape.columns.find((candidate) => candidate.name === key.column)!;
    kept = column.nullable
      ? kept.map((row) => (missing.has(String(row[key.column])) ? { ...row, [key.column]: null } : row))
      : kept.filter((row) => !missing.has(String(row[key.column])));
  }
  return kept;
}
