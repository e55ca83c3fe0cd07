/**
 * Headless Chromium (CHROMIUM_PATH) through playwright-core, which downloads nothing: one browser,
 * started on the first render and closed with the server, at most constants.embeds.rendersAtOnce
 * pages at once. The browser reaches no network by itself: every request a page makes is
 * intercepted and answered by the server through the safe fetch (each address checked as it is
 * connected to, so a page cannot reach the server's own network; a request that is not
 * intercepted goes to a proxy that does not exist), and WebSockets and service workers are
 * refused. A render is a screenshot of the page at the embed's size. playwright-core is loaded
 * with the first render: its client alone takes some 90 MB, which a server without CHROMIUM_PATH
 * (or that never renders) does not pay.
 *
 * A render is bounded from outside the page (issue 53): a page whose script never yields holds its
 * renderer's main thread, so no call into the page (an evaluate, a screenshot, a close) may ever
 * answer. Every render is raced against its deadline; then its context is disposed (the browser
 * ends its renderer without asking it), and a browser that does not dispose it within
 * closeGraceMs is killed with its renderers and launched again by the next render. Its slot and
 * the user's count are freed when the race ends, whatever the page does. While renders run, each
 * renderer's resident memory is read every memoryCheckMs, on a thread of its own (memory-watch.ts),
 * and one past
 * constants.embeds.rendererMemoryMb is killed (the page crashes, the render fails at once): V8's
 * heap limit alone leaves typed arrays, WebAssembly memories and canvases unbounded, and neither
 * RLIMIT_AS (V8 reserves a terabyte) nor RLIMIT_DATA (its pools are reserved writable up front)
 * bounds them in Debian's Chromium.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { Browser, BrowserContext, CDPSession, Route } from 'playwright-core';
import { constants } from '../../../core/shared/config';
import type { EmbedSize } from '../../../core/shared/embeds';
import { FetchRefused, requestLimited, type PrivateAccess } from '../../../core/server/services/safe-fetch';
import { embedPrivateMessage } from '../rules';
import { startMemoryWatch, type MemoryWatch } from './memory-watch';
import { slots } from './slots';

/** What to render: an address the page goes to, or a page of our own (a player's frame). */
export type Scene = { url: string } | { html: string };

export interface Rendered {
  png: Buffer;
  /** The page's title (its og:title first), '' for a page of our own. */
  title: string;
  /** Addresses the page asked for and was refused, with the reason (what a test and the log read). */
  refused: { url: string; reason: string }[];
}

export interface BrowserRenderer {
  render(scene: Scene, size: EmbedSize, deadline: number): Promise<Rendered>;
  close(): Promise<void>;
}

/** The answer of a render that reached its deadline, in Chromium or drawing its card. */
export function unfinishedDrawing(): FetchRefused {
  return new FetchRefused(`The page did not finish drawing in ${Math.round(constants.embeds.renderTimeoutMs / 1000)} s.`, 'unreachable');
}

/** How long a finished render's context is given to close before the browser is killed. */
const closeGraceMs = 1000;
/** How often the renderers' memory is read while renders run, on a thread of its own (a page filling memory at 2 GB/s gains 50 MB between two reads). */
const memoryCheckMs = 25;
/** How often the browser is asked which processes are renderers while renders run (for the frames of other sites; each page's own is listed as it opens). */
const listEveryMs = 250;

const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--mute-audio',
  // Every request is answered by the route handler; one that is not would meet a closed port.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** A launched browser, with what reaches it from outside its pages: the browser's own CDP session and its process id. */
interface Running {
  browser: Browser;
  cdp: CDPSession;
  /** The browser process, leader of the process group its renderers are in (playwright-core launches it detached). */
  pid: number;
}

function kill(pid: number, group = false): void {
  try {
    process.kill(group ? -pid : pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** What a render raced against its deadline holds, so that whoever ends first can close it. */
interface Session {
  running: Running | null;
  context: BrowserContext | null;
  ended: boolean;
}

/** Response headers a fulfilled request drops: the body is whole and decoded, and nothing is kept. */
const droppedHeaders = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'set-cookie',
  'alt-svc',
  'strict-transport-security',
]);

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  const maxOutputLength = constants.embeds.resourceMaxBytes * 4;
  if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body, { maxOutputLength });
  if (encoding === 'br') return brotliDecompressSync(body, { maxOutputLength });
  if (encoding === 'deflate') return inflateSync(body, { maxOutputLength });
  return body;
}

export function createBrowserRenderer(options: { executablePath: string; access: PrivateAccess; log: FastifyBaseLogger }): BrowserRenderer {
  let browser: Promise<Running> | null = null;
  /** The browser `browser` resolved to, once it has. */
  let launched: Running | null = null;
  let closed = false;
  const pages = slots(constants.embeds.rendersAtOnce);
  /** Renders running, and so whether the renderers' memory is being watched. */
  let active = 0;
  /** The memory watch's thread, started with the first render. */
  let memory: MemoryWatch | null = null;
  let listingTimer: NodeJS.Timeout | null = null;
  /** When a renderer was last killed for its memory: a page crashing then is told why. */
  let lastCutOff = 0;
  /** The browser's renderer processes as last listed, and whether a listing is under way. */
  let rendererPids = new Set<number>();
  let listing = false;

  const started = () => {
    if (!browser) {
      const launching = import('playwright-core').then(async ({ chromium }) => {
        const running = await chromium.launch({
          executablePath: options.executablePath,
          headless: true,
          args: [...launchArgs, `--js-flags=--max-old-space-size=${constants.embeds.rendererHeapMb}`],
          timeout: constants.embeds.renderTimeoutMs,
        });
        try {
          const cdp = await running.newBrowserCDPSession();
          const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
          const pid = processInfo.find((entry) => entry.type === 'browser')?.id;
          if (!pid) throw new Error('The browser did not tell its process.');
          return { browser: running, cdp, pid };
        } catch (error) {
          await running.close().catch(() => {});
          throw error;
        }
      });
      browser = launching;
      launching.then(
        (running) => {
          if (browser === launching) launched = running;
          running.browser.on('disconnected', () => browser === launching && (browser = null));
        },
        () => browser === launching && (browser = null),
      );
    }
    return browser;
  };

  /** Kills the browser and its renderers (a page that holds its renderer, or a browser that no longer answers); the next render launches another. */
  function killBrowser(running: Running, why: string): void {
    options.log.warn({ pid: running.pid }, `embed render: ${why}; the browser is killed`);
    if (launched === running) {
      browser = null;
      launched = null;
    }
    kill(running.pid, true);
    kill(running.pid);
    void running.browser.close().catch(() => {});
  }

  /** Tells the memory watch which renderers to read, and whether renders run; while they do, the renderers are listed again every listEveryMs. */
  function watchMemory(): void {
    memory ??= startMemoryWatch({
      limitMb: constants.embeds.rendererMemoryMb,
      everyMs: memoryCheckMs,
      killed(pid, mb) {
        lastCutOff = Date.now();
        rendererPids.delete(pid);
        options.log.warn({ pid, mb }, 'embed render: a page used too much memory; its renderer is killed');
      },
    });
    memory.watch(rendererPids, active > 0);
    if (active > 0 && !listingTimer) {
      listingTimer = setInterval(() => void (listing || listRenderers()), listEveryMs);
      listingTimer.unref();
    } else if (active === 0 && listingTimer) {
      clearInterval(listingTimer);
      listingTimer = null;
    }
  }

  /** Asks the browser which of its processes are renderers (some 3 ms of CPU), and has the watch read them. */
  async function listRenderers(): Promise<void> {
    const running = launched;
    if (!running) return;
    listing = true;
    try {
      const { processInfo } = (await running.cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
      rendererPids = new Set(processInfo.filter((entry) => entry.type === 'renderer').map((entry) => entry.id));
      memory?.watch(rendererPids, active > 0);
    } catch {
      // A browser closing or killed: its renderers go with it.
    } finally {
      listing = false;
    }
  }

  /** Closes a render's context; a browser that does not close it promptly is killed. */
  async function release(running: Running, context: BrowserContext): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const closedInTime = await Promise.race([
      context.close({ reason: 'The render is over.' }).then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), closeGraceMs))),
    ]);
    clearTimeout(timer);
    if (!closedInTime) killBrowser(running, 'a page did not close');
  }

  /** Answers one request of a page through the safe fetch, or refuses it. */
  async function answer(route: Route, refused: Rendered['refused'], signal: AbortSignal): Promise<void> {
    const request = route.request();
    const url = request.url();
    if (!/^https?:/i.test(url) || (request.method() !== 'GET' && request.method() !== 'HEAD')) {
      refused.push({ url, reason: `${request.method()} is not allowed.` });
      return route.abort('blockedbyclient');
    }
    try {
      const headers = await request.allHeaders();
      const fetched = await requestLimited(url, {
        maxBytes: constants.embeds.resourceMaxBytes,
        timeoutMs: constants.embeds.fetchTimeoutMs,
        allowPrivate: options.access,
        privateMessage: embedPrivateMessage,
        tooBigMessage: 'Too large.',
        headers: { accept: headers.accept ?? '*/*', 'accept-language': headers['accept-language'] ?? 'tr,en;q=0.8', 'user-agent': headers['user-agent'] ?? '' },
        signal,
      });
      const kept = Object.fromEntries(Object.entries(fetched.headers).filter(([name]) => !droppedHeaders.has(name)));
      await route.fulfill({ status: fetched.status, headers: kept, body: decoded(fetched.body, fetched.headers['content-encoding']) });
    } catch (error) {
      refused.push({ url, reason: error instanceof Error ? error.message : String(error) });
      await route.abort(error instanceof FetchRefused && error.kind === 'private' ? 'blockedbyclient' : 'failed').catch(() => {});
    }
  }

  /** The render itself, step by step; it may never end (a page that holds its renderer), which render() does not wait for. */
  async function draw(scene: Scene, size: EmbedSize, deadline: number, session: Session, crashed: (error: Error) => void): Promise<Rendered> {
    const left = () => Math.max(deadline - Date.now(), 1);
    const running = await started();
    const context = await running.browser.newContext({
      viewport: size,
      deviceScaleFactor: 1,
      serviceWorkers: 'block',
      acceptDownloads: false,
      locale: 'tr-TR',
    });
    if (session.ended) {
      // The deadline came while the context was being made.
      await release(running, context);
      throw new Error('The render is over.');
    }
    session.running = running;
    session.context = context;
    const stop = new AbortController();
    const refused: Rendered['refused'] = [];
    try {
      await context.routeWebSocket(/.*/, (socket) => socket.close());
      await context.route('**/*', (route) => answer(route, refused, stop.signal));
      const page = await context.newPage();
      // The page's renderer is watched before the page loads anything.
      await listRenderers();
      page.on('crash', () =>
        crashed(
          new FetchRefused(
            Date.now() - lastCutOff < 1000 ? `The page used more than ${constants.embeds.rendererMemoryMb} MB of memory.` : 'The page crashed.',
            'unreachable',
          ),
        ),
      );
      if ('url' in scene) {
        const response = await page.goto(scene.url, { waitUntil: 'load', timeout: left() }).catch((error: unknown) => {
          const reason = refused.find((entry) => entry.url === scene.url || entry.url === new URL(scene.url).href)?.reason;
          if (reason === embedPrivateMessage) throw new FetchRefused(reason, 'private');
          throw new FetchRefused(reason ?? (error instanceof Error ? error.message.split('\n')[0]! : 'The page did not load.'), 'unreachable');
        });
        if (response && response.status() >= 400)
          throw new FetchRefused(`The address ${new URL(scene.url).host} answered ${response.status()}.`, 'unreachable');
      } else {
        await page.setContent(scene.html, { waitUntil: 'load', timeout: left() });
      }
      // Players and widgets draw after the load: give them until the network is quiet, or settleMs.
      await page.waitForLoadState('networkidle', { timeout: Math.min(constants.embeds.settleMs, left()) }).catch(() => {});
      const title =
        'url' in scene
          ? await page.evaluate(() => document.querySelector('meta[property="og:title"]')?.getAttribute('content') || document.title).catch(() => '')
          : '';
      const png = await page.screenshot({ type: 'png', timeout: left(), animations: 'disabled' });
      return { png, title: (title ?? '').trim(), refused };
    } finally {
      stop.abort();
      if (refused.length > 0) options.log.info({ refused }, 'embed render: requests refused');
    }
  }

  async function render(scene: Scene, size: EmbedSize, deadline: number): Promise<Rendered> {
    if (closed) throw new Error('The server is closing.');
    return pages.run(deadline, async () => {
      const session: Session = { running: null, context: null, ended: false };
      let timer: NodeJS.Timeout | undefined;
      let crashed: (error: Error) => void = () => {};
      const ended = new Promise<never>((_, reject) => {
        crashed = reject;
        timer = setTimeout(() => reject(unfinishedDrawing()), Math.max(deadline - Date.now(), 0));
      });
      const drawing = draw(scene, size, deadline, session, crashed);
      // What the page does after the race is over is nobody's answer.
      drawing.catch(() => {});
      active += 1;
      watchMemory();
      try {
        return await Promise.race([drawing, ended]);
      } finally {
        clearTimeout(timer);
        active -= 1;
        watchMemory();
        session.ended = true;
        if (session.running && session.context) await release(session.running, session.context);
      }
    });
  }

  return {
    render,
    async close() {
      closed = true;
      if (listingTimer) clearInterval(listingTimer);
      await memory?.close();
      const running = browser;
      browser = null;
      const current = running && (await running.catch(() => null));
      if (!current) return;
      let timer: NodeJS.Timeout | undefined;
      const closedInTime = await Promise.race([
        current.browser.close().then(
          () => true,
          () => true,
        ),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), closeGraceMs))),
      ]);
      clearTimeout(timer);
      // A browser held by a page does not keep the server from closing.
      if (!closedInTime) killBrowser(current, 'the browser did not close');
    },
  };
}
