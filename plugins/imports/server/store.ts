/**
 * The imports' queries: the import records with their counts and progress, the report's rows, and
 * the idempotence memory (what an item of a source became in a newsletter, and which import took it).
 */
import { sql, type Kysely } from 'kysely';
import { ownTables, type Handle } from '../../../core/server/db/database';
import type { CoreTables } from '../../../core/server/db/tables';
import { clock } from '../../../core/server/clock';
import type { CountName, ImportFile, ImportSource, ItemKind, ReportAction, ReportRow } from './contract';
import type { ImportState, ImportTables } from './tables';

export type ImportsDb = Kysely<CoreTables & ImportTables>;

export const importsDb = (db: Handle): ImportsDb => ownTables(db, 'imports');

export interface NewImport {
  id: string;
  publisherId: string;
  newsletterId: string;
  source: ImportSource;
  dryRun: boolean;
  /** The old site's address (a Ghost import), or null. */
  siteUrl: string | null;
  files: ImportFile[];
  createdBy: string;
}

export async function insertImport(db: ImportsDb, record: NewImport): Promise<void> {
  await db
    .insertInto('imports')
    .values({
      id: record.id,
      publisher_id: record.publisherId,
      newsletter_id: record.newsletterId,
      source: record.source,
      dry_run: record.dryRun,
      site_url: record.siteUrl,
      files: JSON.stringify(record.files),
      error: null,
      created_by: record.createdBy,
      created_at: clock.now(),
      started_at: null,
      finished_at: null,
    })
    .execute();
}

const importColumns = [
  'id',
  'publisher_id',
  'newsletter_id',
  'source',
  'dry_run',
  'site_url',
  'state',
  'files',
  'stories',
  'issues',
  'subscribers',
  'paid',
  'skipped',
  'progress',
  'error',
  'created_at',
  'started_at',
  'finished_at',
] as const;

export type ImportRow = Awaited<ReturnType<typeof findImport>> & object;

export function findImport(db: ImportsDb, id: string) {
  return db.selectFrom('imports').select(importColumns).where('id', '=', id).executeTakeFirst();
}

/** A publisher's imports, newest first (of some newsletters only, for a caller who reaches only those). */
export async function listImports(db: ImportsDb, publisherId: string, newsletterIds: readonly string[], page: { limit: number; offset: number }) {
  if (newsletterIds.length === 0) return { rows: [], count: 0 };
  const query = db
    .selectFrom('imports')
    .where('publisher_id', '=', publisherId)
    .where('newsletter_id', 'in', [...newsletterIds]);
  const [rows, count] = await Promise.all([
    query.select(importColumns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.count) };
}

/** Marks an import running; a run restarted after a crash keeps what the first attempt counted and reported. */
export async function startImport(db: ImportsDb, id: string): Promise<void> {
  await db
    .updateTable('imports')
    .set({ state: 'running', started_at: sql<Date>`coalesce(started_at, ${clock.now()})`, error: null })
    .where('id', '=', id)
    .execute();
}

export type Counts = Record<CountName, number>;

/** Adds what the run counted since the last save, and sets its progress. */
export async function saveProgress(db: ImportsDb, id: string, added: Counts, progress: number): Promise<void> {
  await db
    .updateTable('imports')
    .set((eb) => ({
      stories: eb('stories', '+', added.stories),
      issues: eb('issues', '+', added.issues),
      subscribers: eb('subscribers', '+', added.subscribers),
      paid: eb('paid', '+', added.paid),
      skipped: eb('skipped', '+', added.skipped),
      progress,
    }))
    .where('id', '=', id)
    .execute();
}

export async function finishImport(db: ImportsDb, id: string, state: Extract<ImportState, 'done' | 'failed'>, error: string | null): Promise<void> {
  await db
    .updateTable('imports')
    .set({ state, error, finished_at: clock.now(), ...(state === 'done' ? { progress: 1 } : {}) })
    .where('id', '=', id)
    .execute();
}

/**
 * Adds report rows in one statement, numbered after the import's last; a row the import reported
 * already (the same item and action, from an attempt before a crash) is not added again. Answers
 * the positions (in `rows`) of those added.
 */
export async function addReportRows(db: ImportsDb, importId: string, rows: readonly ReportRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const { rows: added } = await sql<{ index: number }>`
    with input as (
      select * from unnest(${rows.map((row) => row.action)}::text[], ${rows.map((row) => row.kind)}::text[],
        ${rows.map((row) => row.ref)}::text[], ${rows.map((row) => row.reason)}::text[]) with ordinality as rows (action, kind, ref, reason, position)
    ), fresh as (
      select distinct on (kind, ref, action) * from input
      where not exists (select 1 from import_report_rows r where r.import_id = ${importId} and r.kind = input.kind and r.ref = input.ref and r.action = input.action)
      order by kind, ref, action, position
    ), inserted as (
      insert into import_report_rows (import_id, seq, action, kind, ref, reason)
      select ${importId}, coalesce((select max(seq) from import_report_rows where import_id = ${importId}), 0) + row_number() over (order by position),
        action, kind, ref, reason from fresh
      returning seq
    )
    -- PostgreSQL runs a data-modifying part of a statement whether or not the rest reads it.
    select (position - 1)::integer as index from fresh order by position`.execute(db);
  return added.map((row) => Number(row.index));
}

/** A page of the report, in its order, of one action when asked. */
export async function reportRows(db: ImportsDb, importId: string, options: { action?: ReportAction; limit: number; offset: number }) {
  let query = db.selectFrom('import_report_rows').where('import_id', '=', importId);
  if (options.action) query = query.where('action', '=', options.action);
  const [rows, count] = await Promise.all([
    query.select(['seq', 'action', 'kind', 'ref', 'reason']).orderBy('seq').limit(options.limit).offset(options.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.count) };
}

/** How many report rows of each action the import has. */
export async function reportActions(db: ImportsDb, importId: string): Promise<Record<ReportAction, number>> {
  const rows = await db
    .selectFrom('import_report_rows')
    .select(['action', (eb) => eb.fn.countAll<string>().as('count')])
    .where('import_id', '=', importId)
    .groupBy('action')
    .execute();
  const counts: Record<ReportAction, number> = { taken: 0, changed: 0, skipped: 0, failed: 0 };
  for (const row of rows) counts[row.action] = Number(row.count);
  return counts;
}

export interface Remembered {
  targetId: string;
  importId: string;
}

/** What earlier runs made of these items of a newsletter (one indexed look-up for the lot). */
export async function recall(db: ImportsDb, newsletterId: string, kind: ItemKind, keys: readonly string[]): Promise<Map<string, Remembered>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('import_memory')
    .select(['key', 'target_id', 'import_id'])
    .where('newsletter_id', '=', newsletterId)
    .where('kind', '=', kind)
    .where(sql<boolean>`key = any(${[...keys]}::text[])`)
    .execute();
  return new Map(rows.map((row) => [row.key, { targetId: row.target_id, importId: row.import_id }]));
}

/** Remembers what items became (the first import to take an item keeps it). */
export async function remember(
  db: ImportsDb,
  newsletterId: string,
  importId: string,
  kind: ItemKind,
  entries: readonly { key: string; targetId: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  await sql`
    insert into import_memory (newsletter_id, kind, key, target_id, import_id)
    select ${newsletterId}, ${kind}, key, target_id, ${importId}
    from unnest(${entries.map((entry) => entry.key)}::text[], ${entries.map((entry) => entry.targetId)}::text[]) as entries (key, target_id)
    on conflict (newsletter_id, kind, key) do nothing`.execute(db);
}
