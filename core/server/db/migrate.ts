/**
 * Runs the SQL migrations of the core and of each enabled plugin, once each, in order. A lock
 * keeps two processes starting together from running the same file twice.
 */
import { sql } from 'kysely';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

export interface MigrationSource {
  /** 'core' or a plugin id: migration ids are '<owner>/<file>'. */
  owner: string;
  dir: string;
}

const lockKey = 8_427_001;

/** The migrations a server runs: the core's, then those of the plugins `pluginIds`, in that order, from `pluginsDir`. */
export function migrationSources(pluginsDir: string, pluginIds: readonly string[]): MigrationSource[] {
  return [
    { owner: 'core', dir: join(import.meta.dirname, '..', 'migrations') },
    ...pluginIds.map((id) => ({ owner: id, dir: join(pluginsDir, id, 'server', 'migrations') })),
  ];
}

/** Each migration of these sources, in the order they run: its id ('<owner>/<file>') and its file. */
export function migrationFiles(sources: MigrationSource[]): { id: string; path: string }[] {
  return sources.flatMap((source) =>
    existsSync(source.dir)
      ? readdirSync(source.dir)
          .filter((name) => /^\d+_.+\.sql$/.test(name))
          .sort()
          .map((file) => ({ id: `${source.owner}/${file}`, path: join(source.dir, file) }))
      : [],
  );
}

export async function migrate(database: Database, sources: MigrationSource[]): Promise<string[]> {
  const { db } = database;
  await database.exec('create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())');
  const applied: string[] = [];
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${lockKey})`.execute(connection);
    try {
      const done = new Set((await connection.selectFrom('schema_migrations').select('id').execute()).map((row) => row.id));
      for (const { id, path } of migrationFiles(sources)) {
        if (done.has(id)) continue;
        const script = readFileSync(path, 'utf8');
        await sql
          .raw(`begin;\n${script}\n;insert into schema_migrations (id) values ('${id.replace(/'/g, "''")}');\ncommit;`)
          .execute(connection)
          .catch(async (error: unknown) => {
            await sql
              .raw('rollback')
              .execute(connection)
              .catch(() => undefined);
            throw new Error(`migration ${id} failed: ${(error as Error).message}`);
          });
        applied.push(id);
      }
    } finally {
      await sql`select pg_advisory_unlock(${lockKey})`.execute(connection);
    }
  });
  return applied;
}
