/**
 * The demo template: a data folder with every migration and the demo data, made once when the
 * server is built (`npm run build`, scripts/build/server.ts) and copied on a first start, which
 * then answers in seconds instead of migrating and seeding for some fifteen (design.md section 6).
 *
 * The template fits a start only when that start would have seeded the same data: the embedded
 * database with files on disk, the demo data on, and the same demo password, public address and
 * plugins (the demo data names them). Any other first start prepares its folder as before
 * (first-start.ts). Adopting a template happens once, in one transaction, on the first start that
 * opens the copy: its times move on by the whole days since it was made (the demo data is dated
 * relative to its making: an issue scheduled three days ahead stays ahead), and its token secret is
 * dropped, so every data folder made from the same template signs with a secret of its own.
 * The template is the database's folder and the stored files the demo data names, copied as they are.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { pluginsConfig } from '../shared/config';
import { clock } from './clock';
import { openDatabase, type Database } from './db/database';
import { databaseSnapshot, openPGlite } from './db/pglite';
import type { ServerEnv } from './env';

/** Where the build keeps the template: beside the compiled server (dist-server/demo-template). */
export const demoTemplateDir = resolve(import.meta.dirname, '..', '..', 'demo-template');

/** The settings row a template carries until a start adopts it: when it was made. */
const madeKey = 'demo_template_made';

/** A first start writes it before it copies the template and removes it after: a folder holding it is new again. */
const copyingMark = '.copying-demo-template';

const dayMs = 86_400_000;

interface TemplateFacts {
  /** What the demo data depends on (templateKey). */
  key: string;
  /** When its demo data was made (ms). */
  madeAt: number;
}

/** What the demo data of a start with this environment depends on, as one hash. */
export function templateKey(env: ServerEnv): string {
  return createHash('sha256')
    .update(JSON.stringify([env.demoPassword, env.publicUrl, env.pluginsDir, [...pluginsConfig.enabled].sort()]))
    .digest('hex');
}

/** Whether a start with this environment may begin from a template (the one it would seed itself). */
function fitsTemplate(env: ServerEnv): boolean {
  return env.demoData && !env.databaseUrl && !env.s3;
}

/** Whether a first start on DATA_DIR was stopped while it copied the template (it starts over). */
export function copyingStopped(dataDir: string): boolean {
  return existsSync(join(dataDir, copyingMark));
}

/** Records the database setup.ts just prepared with this environment as the template's: the row a start adopts, and its facts. */
export async function markAsTemplate(database: Database, env: ServerEnv, templateDir: string): Promise<void> {
  const madeAt = clock.ms();
  await database.db
    .insertInto('settings')
    .values({ key: madeKey, value: String(madeAt) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(madeAt) }))
    .execute();
  mkdirSync(templateDir, { recursive: true });
  const facts: TemplateFacts = { key: templateKey(env), madeAt };
  writeFileSync(join(templateDir, 'template.json'), JSON.stringify(facts));
}

/**
 * Turns the data folder setup.ts prepared, now closed, into the template: the database's folder
 * without the write-ahead log nobody will read (pglite.ts databaseSnapshot, opened again from that
 * tarball: two thirds of the folder), and the stored files. A start copies the folder as it is.
 */
export async function packTemplate(dataDir: string, templateDir: string): Promise<void> {
  const prepared = await openPGlite(dataDir);
  const tarball = await databaseSnapshot(prepared, { quiet: true });
  await prepared.close();
  const target = join(templateDir, 'data');
  rmSync(target, { recursive: true, force: true });
  await (await openPGlite(target, new Blob([new Uint8Array(tarball)]))).close();
  if (existsSync(join(dataDir, 'uploads'))) cpSync(join(dataDir, 'uploads'), join(target, 'uploads'), { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * On a first start, copies the template's database and stored files into DATA_DIR when it fits
 * this start, and opens the database; answers undefined when it does not fit. A start stopped
 * midway leaves the mark, so the next one starts over (copyingStopped).
 */
export async function openFromDemoTemplate(env: ServerEnv, templateDir = demoTemplateDir): Promise<Database | undefined> {
  const factsFile = join(templateDir, 'template.json');
  const source = join(templateDir, 'data');
  if (!fitsTemplate(env) || !existsSync(factsFile) || !existsSync(join(source, 'pglite', 'PG_VERSION'))) return undefined;
  const facts = JSON.parse(readFileSync(factsFile, 'utf8')) as TemplateFacts;
  if (facts.key !== templateKey(env)) return undefined;
  mkdirSync(env.dataDir, { recursive: true });
  writeFileSync(join(env.dataDir, copyingMark), '');
  for (const folder of ['pglite', 'uploads']) {
    rmSync(join(env.dataDir, folder), { recursive: true, force: true });
    if (existsSync(join(source, folder))) cpSync(join(source, folder), join(env.dataDir, folder), { recursive: true });
  }
  rmSync(join(env.dataDir, copyingMark));
  return openDatabase({ dataDir: env.dataDir });
}

/**
 * Adopts a copied template, once: moves every time of the database (each date and timestamp column
 * of each table, and the planned time `at` a scheduled job carries in its data, core/server/
 * publication.ts) on by the whole days since the template was made, and drops its token secret.
 * A database that is not a fresh copy of a template is left as it is.
 */
export async function adoptDemoTemplate(database: Database, jobsSchema = 'pgboss'): Promise<void> {
  const { db } = database;
  const made = await db.selectFrom('settings').select('value').where('key', '=', madeKey).executeTakeFirst();
  if (!made) return;
  const days = Math.max(0, Math.floor((clock.ms() - Number(made.value)) / dayMs));
  await db.transaction().execute(async (tx) => {
    if (days > 0) {
      // Moving a date is not an event: no trigger keeps counts for it.
      await sql`set local session_replication_role = replica`.execute(tx);
      const { rows } = await sql<{ schema: string; table: string; columns: string[]; unique: boolean }>`
        select n.nspname as schema, c.relname as table, array_agg(a.attname::text order by a.attnum) as columns,
          bool_or(exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisunique and a.attnum = any(i.indkey))) as unique
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', ${jobsSchema}) and c.relkind in ('r', 'p') and not c.relispartition
          and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
          and a.atttypid in ('date'::regtype, 'timestamptz'::regtype, 'timestamp'::regtype)
        group by n.nspname, c.relname, c.oid`.execute(tx);
      for (const { schema, table, columns, unique } of rows) {
        const target = sql`${sql.id(schema)}.${sql.id(table)}`;
        const moved = (by: string) => sql.join(columns.map((column) => sql`${sql.id(column)} = ${sql.id(column)} + ${by}::interval`));
        if (unique) {
          // A unique index on a date refuses a row moved onto a day another row has not left yet:
          // everything goes far ahead first, then back to its place.
          await sql`update ${target} set ${moved('1000 years')}`.execute(tx);
          await sql`update ${target} set ${moved(`${days} days -1000 years`)}`.execute(tx);
        } else {
          await sql`update ${target} set ${moved(`${days} days`)}`.execute(tx);
        }
      }
      await sql`
        update ${sql.id(jobsSchema)}.job
        set data = jsonb_set(data, '{at}', to_jsonb(to_char(((data->>'at')::timestamptz + ${`${days} days`}::interval) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
        where data ? 'at'`.execute(tx);
    }
    await tx.deleteFrom('settings').where('key', 'in', [madeKey, 'jwt_secret']).execute();
  });
}
