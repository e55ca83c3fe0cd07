/**
 * The list budget for issues (design.md section 6) with their results (issue 30): GET /issues/list
 * when 60 e-mailed issues went to 100,000 subscribers each (6,000,000 deliveries), p50 under 10 ms
 * and p99 under 50 ms at 50 concurrent clients, in the list's default order and sorted by a rate.
 * Each row's sent, bounced and complained copies come from the kept counts (issue_copy_counts),
 * its opens and clicks from the analytics rollups.
 */
import { sql, type Kysely } from 'kysely';
import type { CoreTables } from '../../core/server/db/tables';
import { startTestServer } from '../api/server';
import { baselinePaths, registerBaselineRoutes } from './baseline';
import { benchDatabase, benchSettings, printListFigures, runListMixes, type ListFigures } from './list-load';

const issues = 60;
const copies = 100_000;

/** Copies a demo e-mailed issue `issues` times, each sent to `copies` addresses, a few bounced, opened and clicked day by day. */
async function fill(db: Kysely<CoreTables>, newsletterId: string): Promise<void> {
  const model = (
    await sql<{ id: string }>`select id from issues where newsletter_id = ${newsletterId} and emailed_at is not null order by emailed_at limit 1`.execute(db)
  ).rows[0]!.id;
  for (let n = 1; n <= issues; n++) {
    const id = `bench-issue-${n}`;
    await sql`
      insert into issues (id, newsletter_id, publisher_id, key, subject, slug, intro_id, intro_html, channels, draft, ready, accepted, tested,
        published, emailed, sent, published_at, emailed_at, owner_id)
      select ${id}, newsletter_id, publisher_id, key || '-bench-' || ${n}, 'Bench issue ' || ${n}, slug || '-bench-' || ${n}, intro_id, intro_html, channels,
        false, true, true, true, true, true, true, now() - make_interval(days => ${n * 3}), now() - make_interval(days => ${n * 3}), owner_id
      from issues where id = ${model}`.execute(db);
    await sql`
      insert into issue_deliveries (issue_id, medium, subscriber_id, email, state, attempts, answer, bounce)
      select ${id}, 'email', 'bench-' || i, 'reader' || i || '@example.com', case when i % 500 = 0 then 'failed' else 'sent' end, 1, '250 OK',
        case when i % 97 = 0 then 'hard' when i % 1999 = 0 then 'complaint' end
      from generate_series(1, ${copies}::int) as i`.execute(db);
    await sql`
      insert into audience_daily (content_id, type, date, source, content_type, newsletter_id, total, uniques, machine, machine_uniques)
      select ${id}, type, (now() - make_interval(days => ${n * 3} - day))::date, 'email', 'issue', ${newsletterId},
        case type when 'open' then 9000 / day else 1200 / day end, case type when 'open' then 7000 / day else 900 / day end, 400 / day, 300 / day
      from generate_series(1, 3) as day, (values ('open'), ('click')) as kinds (type)`.execute(db);
  }
  // Vacuumed and written out now, so that neither autovacuum nor the checkpointer runs through the measurement.
  await sql`vacuum analyze issue_deliveries, issue_copy_counts, issues, audience_daily`.execute(db);
  if (benchDatabase() === 'postgres') await sql`checkpoint`.execute(db);
}

export async function measureIssueList(): Promise<ListFigures> {
  const kind = benchDatabase();
  const t = await startTestServer(kind, benchSettings, { prepare: registerBaselineRoutes });
  try {
    const db = t.server.database.db;
    const newsletter = await db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    await fill(db, newsletter.id);
    const token = await t.login('editor@masthead.local');
    const address = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    const measured = await runListMixes(
      `${address}/api/issues/list?newsletter=${newsletter.id}`,
      token,
      [
        ['sorted by a rate', (client, index) => `sort=${['openRate', 'clickRate', 'unsubscribeRate', 'bounceRate'][(client + index) % 4]}&desc=true`],
        ['sent only', (_client, index) => `status=sent&page=${index % 3}`],
      ],
      `${address}${baselinePaths.query}`,
    );
    return { engine: kind === 'postgres' ? 'PostgreSQL' : 'PGlite', rows: issues * copies, ...measured };
  } finally {
    await t.close();
  }
}

export function printIssueList(figures: ListFigures): boolean {
  return printListFigures(`GET /issues/list with results, ${issues} e-mailed issues of ${copies.toLocaleString('en')} copies each`, figures);
}
