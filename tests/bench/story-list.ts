/**
 * The list budget for stories (design.md section 6): GET /stories/list with 100,000 stories in
 * one newsletter, p50 under 10 ms and p99 under 50 ms at 50 concurrent clients, over real HTTP,
 * for the story list's default order, its status and type filters, later pages and search.
 */
import { sql, type Kysely } from 'kysely';
import type { CoreTables } from '../../core/server/db/tables';
import { startTestServer } from '../api/server';
import { baselinePaths, registerBaselineRoutes } from './baseline';
import { benchDatabase, benchSettings, printListFigures, runListMixes, type ListFigures } from './list-load';

const total = 100_000;

/** Adds generated stories in one statement per slice: bullets and articles in every state. */
async function fill(db: Kysely<CoreTables>, newsletterId: string, publisherId: string, ownerId: string): Promise<void> {
  const slice = 20_000;
  // The kept counts are made once at the end: row by row they would take minutes on PGlite.
  await sql`alter table stories disable trigger stories_keep_counts`.execute(db);
  for (let start = 1; start <= total; start += slice) {
    const end = Math.min(total, start + slice - 1);
    await sql`
      insert into stories (id, newsletter_id, publisher_id, type, title, subtitle, slug, body_html, body_text, summary,
        draft, ready, accepted, published, owner_id, created_at, updated_at, published_at)
      select md5('story' || i)::uuid::text, ${newsletterId}, ${publisherId},
        case when i % 3 = 0 then 'article' else 'bullet' end,
        case when i % 3 = 0 then (array['Şehirde', 'Teknoloji', 'Kültür', 'Ekonomi'])[1 + i % 4] || ' haberi ' || i else '' end,
        case when i % 3 = 0 then 'Alt başlık ' || i else '' end,
        case when i % 3 = 0 then 'haber-' || i else null end,
        '<p>Haber metni ' || i || '</p>', 'Haber metni ' || i || ' ' || (array['metro', 'bütçe', 'sergi', 'yağmur'])[1 + i % 4], 'Haber metni ' || i,
        i % 4 = 0, i % 4 > 0, i % 4 > 1, i % 4 = 3, ${ownerId},
        now() - (i % 525600) * interval '1 minute', now() - (i % 525600) * interval '1 minute',
        case when i % 4 = 3 then now() - (i % 525600) * interval '1 minute' end
      from generate_series(${start}::int, ${end}::int) as i`.execute(db);
  }
  await sql`alter table stories enable trigger stories_keep_counts`.execute(db);
  const flags = sql.raw('newsletter_id, type, draft, ready, accepted, scheduled, published, cancelled, rejected');
  await sql`delete from story_counts where newsletter_id = ${newsletterId}`.execute(db);
  await sql`insert into story_counts (${flags}, count) select ${flags}, count(*) from stories where newsletter_id = ${newsletterId} group by ${flags}`.execute(
    db,
  );
  await sql`analyze stories`.execute(db);
}

export async function measureStoryList(): Promise<ListFigures> {
  const kind = benchDatabase();
  const t = await startTestServer(kind, benchSettings, { prepare: registerBaselineRoutes });
  try {
    const db = t.server.database.db;
    const newsletter = await db.selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    const editor = await db.selectFrom('users').select('id').where('email', '=', 'editor@masthead.local').executeTakeFirstOrThrow();
    await fill(db, newsletter.id, newsletter.publisher_id, editor.id);
    const token = await t.login('editor@masthead.local');
    const address = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    const measured = await runListMixes(
      `${address}/api/stories/list?newsletter=${newsletter.id}`,
      token,
      [
        ['status filter', (client, index) => `status=${['draft', 'ready', 'accepted', 'published'][(client + index) % 4]}`],
        ['type filter', (client, index) => `type=${(client + index) % 2 ? 'article' : 'bullet'}&page=${index % 10}`],
        ['search (3+ letters)', (client, index) => `search=${['metro', 'bütçe', 'sergi', 'haberi 12'][(client + index) % 4]}`],
      ],
      `${address}${baselinePaths.query}`,
    );
    return { engine: kind === 'postgres' ? 'PostgreSQL' : 'PGlite', rows: total, ...measured };
  } finally {
    await t.close();
  }
}

export function printStoryList(figures: ListFigures): boolean {
  return printListFigures(`GET /stories/list, ${figures.rows.toLocaleString('en')} stories in one newsletter`, figures);
}
