/**
 * The list budget for collections (design.md section 6): GET /collections/list with 10,000
 * collections in one publisher, spread over its newsletters and itself, p50 under 10 ms and p99
 * under 50 ms at 50 concurrent clients, over real HTTP, for the list's default order, one owner,
 * the published filter, later pages, another order and search.
 */
import { sql, type Kysely } from 'kysely';
import type { CoreTables } from '../../core/server/db/tables';
import { startTestServer } from '../api/server';
import { baselinePaths, registerBaselineRoutes } from './baseline';
import { benchDatabase, benchSettings, printListFigures, runListMixes, type ListFigures } from './list-load';

const total = 10_000;

/** Adds generated collections in one statement: published or draft, some featured, each with a few items. */
async function fill(db: Kysely<CoreTables>, publisherId: string, ownerIds: string[], creatorId: string): Promise<void> {
  await sql`
    insert into collections (id, publisher_id, owner_id, owner_model, title, description, image, slug, key, children,
      published, featured, indexed, published_at, creator_id, created_at, updated_at)
    select md5('collection' || i)::uuid::text, ${publisherId}, (${ownerIds}::text[])[1 + i % ${ownerIds.length}],
      case when i % ${ownerIds.length} = 0 then 'Publisher' else 'Newsletter' end,
      (array['Haftanın', 'Teknoloji', 'Kültür', 'Ekonomi'])[1 + i % 4] || ' seçkisi ' || i,
      'Seçilmiş yazılar ' || i || ' ' || (array['metro', 'bütçe', 'sergi', 'yağmur'])[1 + i % 4],
      '/uploads/bench.jpg', 'secki-' || i, 'secki-' || i, '["a","b","c"]',
      i % 3 > 0, i % 10 = 0, i % 5 = 0, case when i % 3 > 0 then now() - (i % 525600) * interval '1 minute' end, ${creatorId},
      now() - (i % 525600) * interval '1 minute', now() - (i % 525600) * interval '1 minute'
    from generate_series(1, ${total}::int) as i`.execute(db);
  // As autovacuum leaves a table at rest: its visibility map lets the count read the index alone.
  await sql`vacuum analyze collections`.execute(db);
}

export async function measureCollectionList(): Promise<ListFigures> {
  const kind = benchDatabase();
  const t = await startTestServer(kind, benchSettings, { prepare: registerBaselineRoutes });
  try {
    const db = t.server.database.db;
    const publisher = await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow();
    const newsletters = await db.selectFrom('newsletters').select('id').where('publisher_id', '=', publisher.id).orderBy('id').execute();
    const director = await db.selectFrom('users').select('id').where('email', '=', 'director@masthead.local').executeTakeFirstOrThrow();
    const owners = [publisher.id, ...newsletters.map((newsletter) => newsletter.id)];
    await fill(db, publisher.id, owners, director.id);
    const token = await t.login('director@masthead.local');
    const address = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    const measured = await runListMixes(
      `${address}/api/collections/list`,
      token,
      [
        ['one owner', (client, index) => `owner=${owners[(client + index) % owners.length]}&page=${index % 10}`],
        ['published', (client, index) => `status.published=${(client + index) % 2 === 0}&page=${index % 10}`],
        ['by title', (_client, index) => `sort=title&desc=false&page=${index % 10}`],
        ['search (3+ letters)', (client, index) => `search=${['metro', 'bütçe', 'sergi', 'seçkisi 12'][(client + index) % 4]}`],
      ],
      `${address}${baselinePaths.query}`,
    );
    return { engine: kind === 'postgres' ? 'PostgreSQL' : 'PGlite', rows: total, ...measured };
  } finally {
    await t.close();
  }
}

export function printCollectionList(figures: ListFigures): boolean {
  return printListFigures(`GET /collections/list, ${figures.rows.toLocaleString('en')} collections in one publisher`, figures);
}
