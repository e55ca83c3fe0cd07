/**
 * The list budget for subscribers (design.md section 6): GET /newsletters/list/{id}/subscriptions
 * with 1,000,000 subscribers in one newsletter, p50 under 10 ms and p99 under 50 ms at 50
 * concurrent clients, over real HTTP. On PostgreSQL when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set; otherwise on PGlite with fewer rows, and the figures say so.
 */
import { sql, type Kysely } from 'kysely';
import type { CoreTables } from '../../core/server/db/tables';
import { startTestServer } from '../api/server';

export const listBudget = { p50: 10, p99: 50 };
const clients = 50;
const requestsPerClient = 20;
/**
 * Each client's pause between two calls: 50 people paging through lists (about 200 calls a
 * second in all). Without a pause the figures measure saturation instead: latency is then the
 * queue in front of two cores, and the throughput is printed alongside.
 */
const pauseMs = 250;

export interface ListFigures {
  engine: string;
  rows: number;
  /** Each mix: its name, p50 and p99 in milliseconds. */
  mixes: { name: string; p50: number; p99: number; requests: number; perSecond: number; paced: boolean }[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

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
  await sql`update newsletters set subscriber_count = (select count(*) from subscribers where newsletter_id = ${newsletterId}) where id = ${newsletterId}`.execute(db);
  await sql`analyze subscribers`.execute(db);
}

export async function measureSubscriberList(): Promise<ListFigures> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) process.env.TEST_DATABASE_URL = url;
  const kind = url ? 'postgres' : 'pglite';
  // PGlite is one WebAssembly process: a million rows take minutes to insert there.
  const rows = kind === 'postgres' ? 1_000_000 : 100_000;
  const t = await startTestServer(kind);
  try {
    const db = t.server.database.db;
    const newsletter = await db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    await fill(db, newsletter.id, rows);
    const token = await t.login('editor@masthead.local');
    const address = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `${address}/api/newsletters/list/${newsletter.id}/subscriptions`;

    const run = async (name: string, query: (client: number, index: number) => string, paced = true) => {
      const latencies: number[] = [];
      const began = performance.now();
      await Promise.all(Array.from({ length: clients }, async (_, client) => {
        // Spread the clients' first calls over one pause, as people arrive.
        if (paced) await new Promise((resolve) => setTimeout(resolve, (client / clients) * pauseMs));
        for (let index = 0; index < requestsPerClient; index++) {
          if (paced && index > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
          const started = performance.now();
          const response = await fetch(`${base}?${query(client, index)}`, { headers: { authorization: `Bearer ${token}` } });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
          latencies.push(performance.now() - started);
        }
      }));
      const seconds = (performance.now() - began) / 1000;
      latencies.sort((a, b) => a - b);
      return { name, p50: percentile(latencies, 50), p99: percentile(latencies, 99), requests: latencies.length, perSecond: latencies.length / seconds, paced };
    };
    // Warm the connection pool and the caches first.
    await run('warm-up', () => 'page=0', false);
    const mixes = [
      await run('saturated, page 0', () => 'page=0', false),
      await run('first page', () => 'page=0'),
      await run('pages 1-100', (client, index) => `page=${(client * 7 + index * 13) % 100}`),
      await run('search (3+ letters)', (client, index) => `search=${['ayş', 'meh', 'zey', 'okur12', 'şul', 'emr'][(client + index) % 6]}`),
    ];
    return { engine: kind === 'postgres' ? 'PostgreSQL' : 'PGlite (no BENCH_DATABASE_URL: 100,000 rows, not the budget\'s 1,000,000)', rows, mixes };
  } finally {
    await t.close();
  }
}

/** Prints the figures like the other bench lines; answers whether a budget was missed. */
export function printSubscriberList(figures: ListFigures): boolean {
  let failed = false;
  console.log(`GET /newsletters/list/{id}/subscriptions, ${figures.rows.toLocaleString('en')} subscribers, ${clients} clients (${pauseMs} ms between calls), on ${figures.engine}; budget p50 ${listBudget.p50} ms, p99 ${listBudget.p99} ms`);
  for (const mix of figures.mixes) {
    const over = mix.paced && (mix.p50 > listBudget.p50 || mix.p99 > listBudget.p99);
    console.log(`  ${mix.name.padEnd(21)} p50 ${mix.p50.toFixed(1).padStart(7)} ms  p99 ${mix.p99.toFixed(1).padStart(7)} ms  ${mix.perSecond.toFixed(0).padStart(5)} calls/s${over ? '  OVER BUDGET' : ''}`);
    if (over) failed = true;
  }
  return failed;
}
