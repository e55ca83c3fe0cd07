/**
 * An embed render's cost (issue 53): the wall time of a render by headless Chromium and the peak
 * resident memory of its renderer, for an ordinary page (the baseline) and for hostile ones: a
 * page that loops after its load (ended at the deadline, constants.embeds.renderTimeoutMs) and a
 * page that fills 512 MB (its renderer killed at constants.embeds.rendererMemoryMb). The renderer
 * is used as the server uses it, on pages of a local host; the browser is launched before the
 * clock runs. The renderers' memory is read from /proc every 10 ms, apart from the renderer's own
 * watch. Skipped without Chromium (CHROMIUM_PATH, else /usr/bin/chromium).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { constants } from '../../core/shared/config';
import { createBrowserRenderer } from '../../plugins/embeds/server/browser';
import { times } from './baseline';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** What a hostile render may take beyond its deadline: the context's closing, or the browser's killing. */
const closingMs = 1500;
/** What a renderer may reach beyond the limit between two of the watch's reads. */
const overshootMb = 128;

const pages = {
  ordinary: '<title>Sayfa</title><meta property="og:title" content="Kıyıda Bir Gün"><h1>Kıyıda Bir Gün</h1><p>Sabah ışıklarıyla kıyıya inen balıkçılar.</p>',
  looping: "<title>Döngü</title><script>addEventListener('load', () => setTimeout(() => { for (;;) {} }, 20))</script>",
  hungry: "<title>Bellek</title><script>const bytes = new Uint8Array(512 * 1024 * 1024); bytes.fill(1); document.title = 'Doldu';</script>",
};
type PageName = keyof typeof pages;

export interface RenderFigure {
  page: PageName;
  seconds: number;
  /** The largest resident memory of a renderer during the render. */
  peakMb: number;
  /** 'chromium' for a drawn page, else the reason it failed. */
  outcome: string;
}

export interface EmbedRenderFigures {
  skipped: boolean;
  figures: RenderFigure[];
}

/** Renderer processes under this one (Chromium's are its grandchildren and further), by pid. */
function renderers(): number[] {
  const parents = new Map<number, number>();
  const isRenderer = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes('--type=renderer')) isRenderer.add(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  const under = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === process.pid) return true;
    return false;
  };
  return [...isRenderer].filter(under);
}

const residentMb = (pid: number) => {
  try {
    return (Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]) * 4096) / 1048576;
  } catch {
    return 0;
  }
};

/** Reads the renderers' peak resident memory from outside the server every `everyMs` until stopped (listing them, some 10 ms of CPU, every tenth read). */
export function rendererPeak(everyMs: number): { stop(): number } {
  let peakMb = 0;
  let pids = renderers();
  let ticks = 0;
  const watch = setInterval(() => {
    if (++ticks % 10 === 0) pids = renderers();
    for (const pid of pids) peakMb = Math.max(peakMb, residentMb(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(watch);
      return peakMb;
    },
  };
}

const quiet = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet, level: 'silent' } as unknown as FastifyBaseLogger;

export async function measureEmbedRender(): Promise<EmbedRenderFigures> {
  if (!existsSync(chromium)) return { skipped: true, figures: [] };
  const site = createServer((request, response) => {
    const body = pages[(request.url ?? '/').slice(1) as PageName];
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><body>${body ?? ''}</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const renderer = createBrowserRenderer({ executablePath: chromium, access: true, log: quiet });
  const size = { width: 550, height: 420 };
  const render = async (page: PageName): Promise<RenderFigure> => {
    const peak = rendererPeak(10);
    const started = performance.now();
    const outcome = await renderer.render({ url: `${base}/${page}` }, size, Date.now() + constants.embeds.renderTimeoutMs).then(
      () => 'chromium',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    const seconds = (performance.now() - started) / 1000;
    return { page, seconds, peakMb: peak.stop(), outcome };
  };
  try {
    // The browser's launch is not a render's cost.
    await render('ordinary');
    const figures: RenderFigure[] = [];
    for (const page of Object.keys(pages) as PageName[]) figures.push(await render(page));
    // After the hostile ones, an ordinary page again: nothing of theirs is left in the way.
    figures.push(await render('ordinary'));
    return { skipped: false, figures };
  } finally {
    await renderer.close();
    await new Promise((resolve) => site.close(resolve));
  }
}

export function printEmbedRender({ skipped, figures }: EmbedRenderFigures): boolean {
  const deadline = constants.embeds.renderTimeoutMs / 1000;
  const cap = constants.embeds.rendererMemoryMb;
  console.log(`Embed render by Chromium (wall time, renderer's peak RSS): deadline ${deadline} s, renderer limit ${cap} MB`);
  if (skipped) {
    console.log(`  skipped: no Chromium at ${chromium}`);
    return false;
  }
  const baseline = figures[0]!;
  let failed = false;
  for (const [index, figure] of figures.entries()) {
    const name = index === figures.length - 1 ? 'ordinary page, after those' : `${figure.page} page`;
    const against =
      index === 0
        ? '(baseline)'
        : `(baseline ${baseline.seconds.toFixed(2)} s, ${times(figure.seconds, baseline.seconds)}; ${baseline.peakMb.toFixed(0)} MB, ${times(figure.peakMb, baseline.peakMb)})`;
    console.log(
      `  ${name.padEnd(27)} ${`${figure.seconds.toFixed(2)} s`.padStart(8)} ${`${figure.peakMb.toFixed(0)} MB`.padStart(8)}  ${against}  ${figure.outcome}`,
    );
    if (figure.seconds > deadline + closingMs / 1000) {
      console.log(`  OVER BUDGET: the ${figure.page} page outlived the deadline`);
      failed = true;
    }
    if (figure.peakMb > cap + overshootMb) {
      console.log(`  OVER BUDGET: the ${figure.page} page's renderer`);
      failed = true;
    }
  }
  if (baseline.outcome !== 'chromium' || figures.at(-1)!.outcome !== 'chromium') {
    console.log('  FAILED: an ordinary page was not drawn');
    failed = true;
  }
  return failed;
}

if (import.meta.url === `file://${process.argv[1]}`) printEmbedRender(await measureEmbedRender());
