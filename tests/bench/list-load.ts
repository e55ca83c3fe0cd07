/**
 * The list budget's load (design.md section 6): 50 clients paging through a list over real HTTP,
 * p50 under 10 ms and p99 under 50 ms. Each list bench fills its table, then runs its mixes here,
 * each mix's clients in a process of their own (the server runs in the bench's).
 */
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { seededRandom } from '../../core/server/seed';
import { baselinePaths, beside } from './baseline';

export const listBudget = { p50: 10, p99: 50 };
export const clients = 50;
const requestsPerClient = 20;
/**
 * Each client's pause between two calls, on average (`pauses`): 50 people paging through lists
 * (about 200 calls a second in all). Without a pause the figures measure saturation instead:
 * latency is then the queue in front of two cores, and the throughput is printed alongside.
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
  /** The trivial query's route (baseline.ts) under the same load, saturated and paced, measured in the same run. */
  baselines: { saturated: Mix; paced: Mix };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One call's query string: client `client` asking for the `index`th time. */
export type MixQuery = (client: number, index: number) => string;

export interface Request {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  /** The status a right answer has. */
  status: number;
}

/** A load: `clients` clients each making `perClient` calls, `pauseMs` apart (0: a burst, as fast as the answers come). */
export interface Load {
  name: string;
  clients: number;
  perClient: number;
  pauseMs: number;
  call: (client: number, index: number) => Request;
}

/** The connections of a load's process, kept open: one per client, as each has one call out at a time. */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * Sends a request and reads its answer whole; answers the status. With node:http, not fetch: a
 * client that allocates less pauses less for its garbage collector, which a paced load's p99
 * would otherwise count as the server's time.
 */
function send(request: Request): Promise<number> {
  return new Promise((done, fail) => {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const outgoing = httpRequest(
      request.url,
      { method: request.method ?? 'GET', agent, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers } },
      (response) =>
        response
          .resume()
          .once('end', () => done(response.statusCode ?? 0))
          .once('error', fail),
    );
    outgoing.once('error', fail);
    outgoing.end(body);
  });
}

/**
 * A client's `count` pauses, of mean `mean` ms: the gaps of a Poisson process with that many
 * calls in that span (exponential draws, scaled to sum to `count` means), as the pauses of people
 * reading a page vary while the load and the mix's length stay those of fixed pauses. With one
 * fixed pause, clients answered together stay together: they come back as one burst every pause,
 * and the p99 then measures that convoy, which feeds itself, not the server.
 */
function pauses(count: number, mean: number, random: () => number): number[] {
  const draws = Array.from({ length: count }, () => -Math.log(1 - random()));
  const scale = (count * mean) / draws.reduce((sum, draw) => sum + draw, 0);
  return draws.map((draw) => draw * scale);
}

/** Runs one load over real HTTP from this process: any method and answer, each call timed. */
export async function runLoad(load: Load): Promise<Mix> {
  const latencies: number[] = [];
  const began = performance.now();
  await Promise.all(
    Array.from({ length: load.clients }, async (_, client) => {
      // The same pauses at every run of a bench: each client draws its own from a seed.
      const gaps = pauses(load.perClient - 1, load.pauseMs, seededRandom(client + 1));
      // Spread the clients' first calls over one pause, as people arrive.
      if (load.pauseMs) await new Promise((resolve) => setTimeout(resolve, (client / load.clients) * load.pauseMs));
      for (let index = 0; index < load.perClient; index++) {
        if (load.pauseMs && index > 0) await new Promise((resolve) => setTimeout(resolve, gaps[index - 1]));
        const request = load.call(client, index);
        const started = performance.now();
        const status = await send(request);
        if (status !== request.status) throw new Error(`${load.name}: ${status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name: load.name,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    paced: load.pauseMs > 0,
  };
}

/** A load as data: every client's requests, for a process of its own. */
type LoadSpec = Omit<Load, 'call'> & { requests: Request[][]; warmUp: Request; warmWithOwn: boolean };

/**
 * The other end of `runInOwnProcess`: reads a load from stdin, opens each client's connection
 * with one untimed `warmUp` call (and with `warmWithOwn`, one of its own first request, so a
 * list's query is planned and its pages cached before it is timed, as on a server that has
 * answered it before), runs the load and prints its figures.
 */
export async function runLoadFromStdin(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  const spec = JSON.parse(input) as LoadSpec;
  const warmUp = (client: number, index: number) => (index === 0 ? spec.warmUp : spec.requests[client]![0]!);
  await runLoad({ ...spec, name: 'warm-up', perClient: spec.warmWithOwn ? 2 : 1, pauseMs: 0, call: warmUp });
  const mix = await runLoad({ ...spec, call: (client, index) => spec.requests[client]![index]! });
  process.stdout.write(JSON.stringify(mix));
}

/**
 * Runs a load from a process of its own, so that the clients' work does not share the server's
 * event loop (the bench's server runs in this process): what is timed is the server's answer and
 * the loopback, not fifty clients' bookkeeping on the same two cores.
 */
export async function runInOwnProcess(load: Load, warmUp: Request, warmWithOwn = false): Promise<Mix> {
  const spec: LoadSpec = {
    warmUp,
    warmWithOwn,
    name: load.name,
    clients: load.clients,
    perClient: load.perClient,
    pauseMs: load.pauseMs,
    requests: Array.from({ length: load.clients }, (_, client) => Array.from({ length: load.perClient }, (_, index) => load.call(client, index))),
  };
  const script = `await (await import(${JSON.stringify(pathToFileURL(import.meta.filename).href)})).runLoadFromStdin();`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: resolve(import.meta.dirname, '..', '..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  child.stdin.end(JSON.stringify(spec));
  const code = await exited;
  if (code !== 0) throw new Error(`${load.name}: the load process ended with ${code}`);
  return JSON.parse(output) as Mix;
}

/** Runs one mix from a process of its own: every client asks `base?{query}` (`base&{query}` when it has a query) requestsPerClient times. */
export async function runMix(base: string, token: string, name: string, query: MixQuery, paced = true): Promise<Mix> {
  const joiner = base.includes('?') ? '&' : '?';
  const headers = { authorization: `Bearer ${token}` };
  return runInOwnProcess(
    {
      name,
      clients,
      perClient: requestsPerClient,
      pauseMs: paced ? pauseMs : 0,
      call: (client, index) => ({ url: `${base}${joiner}${query(client, index)}`, headers, status: 200 }),
    },
    { url: `${base}${joiner}page=0`, headers, status: 200 },
    // A list call changes nothing: its own first request may warm it.
    true,
  );
}

/**
 * The mixes of every list: a warm-up (not reported, it fills the connection pool and the caches),
 * the baseline (`baseline`: the address of the trivial query's route, baseline.ts, on the same
 * server, asked by the same clients with the same token) saturated and paced, then saturation on
 * the first page, the first page and pages 1-100 paced; then the list's own, paced.
 */
export async function runListMixes(
  base: string,
  token: string,
  own: [name: string, query: MixQuery][],
  baseline: string,
): Promise<Pick<ListFigures, 'mixes' | 'baselines'>> {
  await runMix(base, token, 'warm-up', () => 'page=0', false);
  const baselines = {
    saturated: await runMix(baseline, token, 'baseline, saturated', () => 'page=0', false),
    paced: await runMix(baseline, token, 'baseline, paced', (client, index) => `page=${(client * 7 + index * 13) % 100}`),
  };
  const mixes = [
    await runMix(base, token, 'saturated, page 0', () => 'page=0', false),
    await runMix(base, token, 'first page', () => 'page=0'),
    await runMix(base, token, 'pages 1-100', (client, index) => `page=${(client * 7 + index * 13) % 100}`),
  ];
  for (const [name, query] of own) mixes.push(await runMix(base, token, name, query));
  return { mixes, baselines };
}

/** Prints the figures like the other bench lines; answers whether a budget was missed. */
export function printListFigures(title: string, figures: ListFigures): boolean {
  let failed = false;
  // design.md section 6: the budget is PostgreSQL's; on the embedded database the figures are printed only.
  const budgeted = figures.engine === 'PostgreSQL';
  const budget = budgeted ? `budget p50 ${listBudget.p50} ms, p99 ${listBudget.p99} ms` : 'printed, not budgeted (the budget is PostgreSQL’s)';
  console.log(`${title}, ${clients} clients (${pauseMs} ms between calls on average), on ${figures.engine}; ${budget}`);
  console.log(`  baseline: GET ${baselinePaths.query}, one \`select 1\` behind the same sign-in check, same clients and load`);
  const { saturated, paced } = figures.baselines;
  for (const mix of [saturated, paced])
    console.log(
      `  ${mix.name.padEnd(21)} p50 ${mix.p50.toFixed(1).padStart(7)} ms  p99 ${mix.p99.toFixed(1).padStart(7)} ms  ${mix.perSecond.toFixed(0).padStart(5)} calls/s`,
    );
  for (const mix of figures.mixes) {
    const over = budgeted && mix.paced && (mix.p50 > listBudget.p50 || mix.p99 > listBudget.p99);
    const baseline = mix.paced ? paced : saturated;
    // Saturated, the rate is the figure: calls a second as a share of the baseline's.
    const rate = mix.paced ? `  ${mix.perSecond.toFixed(0).padStart(5)} calls/s` : `  ${beside(mix.perSecond, baseline.perSecond, 'calls/s', 0)}`;
    console.log(
      `  ${mix.name.padEnd(21)} p50 ${beside(mix.p50, baseline.p50, 'ms', 1, 10)}  p99 ${beside(mix.p99, baseline.p99, 'ms', 1, 10)}${rate}${over ? '  OVER BUDGET' : ''}`,
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
