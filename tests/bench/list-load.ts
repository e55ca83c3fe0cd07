/**
 * The list budget's load (design.md section 6): 50 clients paging through a list over real HTTP,
 * p50 under 10 ms and p99 under 50 ms. Each list bench fills its table, then runs its mixes here.
 */
export const listBudget = { p50: 10, p99: 50 };
export const clients = 50;
const requestsPerClient = 20;
/**
 * Each client's pause between two calls: 50 people paging through lists (about 200 calls a
 * second in all). Without a pause the figures measure saturation instead: latency is then the
 * queue in front of two cores, and the throughput is printed alongside.
 */
export const pauseMs = 250;

export interface Mix {
  name: string;
  p50: number;
  p99: number;
  requests: number;
  perSecond: number;
  paced: boolean;
}

export interface ListFigures {
  engine: string;
  rows: number;
  /** Each mix: its name, p50 and p99 in milliseconds. */
  mixes: Mix[];
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One call's query string: client `client` asking for the `index`th time. */
export type MixQuery = (client: number, index: number) => string;

/** Runs one mix: every client asks `base?{query}` (`base&{query}` when it has a query) requestsPerClient times. */
export async function runMix(base: string, token: string, name: string, query: MixQuery, paced = true): Promise<Mix> {
  const joiner = base.includes('?') ? '&' : '?';
  const latencies: number[] = [];
  const began = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      // Spread the clients' first calls over one pause, as people arrive.
      if (paced) await new Promise((resolve) => setTimeout(resolve, (client / clients) * pauseMs));
      for (let index = 0; index < requestsPerClient; index++) {
        if (paced && index > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        const started = performance.now();
        const response = await fetch(`${base}${joiner}${query(client, index)}`, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return { name, p50: percentile(latencies, 50), p99: percentile(latencies, 99), requests: latencies.length, perSecond: latencies.length / seconds, paced };
}

/**
 * The mixes of every list: a warm-up (not reported, it fills the connection pool and the caches),
 * saturation on the first page, the first page and pages 1-100 paced; then the list's own, paced.
 */
export async function runListMixes(base: string, token: string, own: [name: string, query: MixQuery][]): Promise<Mix[]> {
  await runMix(base, token, 'warm-up', () => 'page=0', false);
  const mixes = [
    await runMix(base, token, 'saturated, page 0', () => 'page=0', false),
    await runMix(base, token, 'first page', () => 'page=0'),
    await runMix(base, token, 'pages 1-100', (client, index) => `page=${(client * 7 + index * 13) % 100}`),
  ];
  for (const [name, query] of own) mixes.push(await runMix(base, token, name, query));
  return mixes;
}

/** Prints the figures like the other bench lines; answers whether a budget was missed. */
export function printListFigures(title: string, figures: ListFigures): boolean {
  let failed = false;
  // design.md section 6: the budget is PostgreSQL's; on the embedded database the figures are printed only.
  const budgeted = figures.engine === 'PostgreSQL';
  const budget = budgeted ? `budget p50 ${listBudget.p50} ms, p99 ${listBudget.p99} ms` : 'printed, not budgeted (the budget is PostgreSQL’s)';
  console.log(`${title}, ${clients} clients (${pauseMs} ms between calls), on ${figures.engine}; ${budget}`);
  for (const mix of figures.mixes) {
    const over = budgeted && mix.paced && (mix.p50 > listBudget.p50 || mix.p99 > listBudget.p99);
    console.log(
      `  ${mix.name.padEnd(21)} p50 ${mix.p50.toFixed(1).padStart(7)} ms  p99 ${mix.p99.toFixed(1).padStart(7)} ms  ${mix.perSecond.toFixed(0).padStart(5)} calls/s${over ? '  OVER BUDGET' : ''}`,
    );
    if (over) failed = true;
  }
  return failed;
}

/**
 * What the benches' test servers change of the tests' settings: answers are not checked against
 * their schemas (CHECK_ANSWERS is for the tests; a production server does not check them).
 */
export const benchSettings = { CHECK_ANSWERS: 'off' };

/** The database the list benches run on: PostgreSQL with BENCH_DATABASE_URL (or TEST_DATABASE_URL), else PGlite. */
export function benchDatabase(): 'postgres' | 'pglite' {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) process.env.TEST_DATABASE_URL = url;
  return url ? 'postgres' : 'pglite';
}
