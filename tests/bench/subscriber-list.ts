/**
 * The list budget for subscribers (design.md section 6): GET /newsletters/list/{id}/subscriptions
 * with 1,000,000 subscribers in one newsletter, one in 25 paying (the type column and filter), p50
 * under 10 ms and p99 under 50 ms at 50 concurrent clients, over real HTTP. On PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set; otherwise on PGlite with fewer rows, and the
 * figures say so.
 */
import { sql, type Kysely } from 'kysely';
import type { CoreTables } from '../../core/server/db/tables';
import { startTestServer } from '../api/server';
import { paymentsDb, reconcilePayers } from '../../plugins/payments/server/store';
import { recountSubscribers, subscribersDb } from '../../plugins/subscribers/server/store';
import { baselinePaths, registerBaselineRoutes } from './baseline';
import { benchDatabase, benchSettings, printListFigures, runListMixes, type ListFigures } from './list-load';

/** Adds generated subscribers in one statement per slice (ids from md5: the same shape as uuids). */
async function fill(db: Kysely<CoreTables>, newsletterId: string, total: number): Promise<void> {
  const slice = 100_000;
  for (let start = 1; start <= total; start += slice) {
    const end = Math.min(total, start + slice - 1);
    await sql`
      insert into subscribers (id, newsletter_id, email, name, city, medium, created_at)
      select md5(${newsletterId} || i)::uuid::text, ${newsletterId}, 'okur' || i || '@example.com',
        (array['Ayşe', 'Mehmet', 'Zeynep', 'Emre', 'Şule', 'Can'])[1 + i % 6] || ' ' || (array['Yılmaz', 'Kaya', 'Demir', 'Öztürk'])[1 + i % 4],
        (array['İstanbul', 'Ankara', 'İzmir', 'Bursa'])[1 + i % 4],
        case when i % 3 = 0 then 'notification' else 'email' end,
        now() - (i % 525600) * interval '1 minute'
      from generate_series(${start}::int, ${end}::int) as i`.execute(db);
  }
  await recountSubscribers(subscribersDb(db), newsletterId);
  await sql`analyze subscribers`.execute(db);
}

/**
 * Makes one subscriber in 25 a payer (4 %: 40,000 of a million), as the payments plugin's webhook
 * writes them: mostly monthly and active, some yearly, some whose payment failed, and one in ten
 * canceled (free again), with their subscriber rows marked, so the type column and filter do their
 * real look-ups.
 */
async function fillPayers(db: Kysely<CoreTables>, newsletterId: string, publisherId: string, total: number): Promise<void> {
  await sql`
    insert into paid_subscriptions (id, publisher_id, newsletter_id, email, customer_id, plan, amount, currency, status, started_at, event_at)
    select 'sub_bench' || i, ${publisherId}, ${newsletterId}, 'okur' || i || '@example.com', 'cus_bench' || i,
      case when i % 4 = 0 then 'yearly' else 'monthly' end, case when i % 4 = 0 then 49000 else 4900 end, 'try',
      case when i % 250 = 0 then 'canceled' when i % 100 = 0 then 'past_due' else 'active' end,
      now() - (i % 525600) * interval '1 minute', now()
    from generate_series(25, ${total}::int, 25) as i`.execute(db);
  // Their subscriber rows marked as the server marks them at start (payments' reconcilePayers).
  await reconcilePayers(paymentsDb(db));
  await sql`analyze paid_subscriptions`.execute(db);
  await sql`analyze subscribers`.execute(db);
}

export async function measureSubscriberList(): Promise<ListFigures> {
  const kind = benchDatabase();
  // PGlite is one WebAssembly process: a million rows take minutes to insert there.
  const rows = kind === 'postgres' ? 1_000_000 : 100_000;
  const t = await startTestServer(kind, benchSettings, { prepare: registerBaselineRoutes });
  try {
    const db = t.server.database.db;
    const newsletter = await db.selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    await fill(db, newsletter.id, rows);
    await fillPayers(db, newsletter.id, newsletter.publisher_id, rows);
    const token = await t.login('editor@masthead.local');
    const address = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `${address}/api/newsletters/list/${newsletter.id}/subscriptions`;
    const measured = await runListMixes(
      base,
      token,
      [
        ['search (3+ letters)', (client, index) => `search=${['ayş', 'meh', 'zey', 'okur12', 'şul', 'emr'][(client + index) % 6]}`],
        ['paid, pages 0-20', (client, index) => `type=paid&page=${(client * 7 + index * 13) % 21}`],
        ['free, pages 0-100', (client, index) => `type=free&page=${(client * 7 + index * 13) % 100}`],
      ],
      `${address}${baselinePaths.query}`,
    );
    return { engine: kind === 'postgres' ? 'PostgreSQL' : "PGlite (no BENCH_DATABASE_URL: 100,000 rows, not the budget's 1,000,000)", rows, ...measured };
  } finally {
    await t.close();
  }
}

export function printSubscriberList(figures: ListFigures): boolean {
  return printListFigures(`GET /newsletters/list/{id}/subscriptions, ${figures.rows.toLocaleString('en')} subscribers (one in 25 paid)`, figures);
}
