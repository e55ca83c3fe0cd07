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
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { Browser, Route } from 'playwright-core';
import { constants } from '../../../core/shared/config';
import type { EmbedSize } from '../../../core/shared/embeds';
import { FetchRefused, requestLimited, type PrivateAccess } from '../../../core/server/services/safe-fetch';
import { embedPrivateMessage } from '../rules';
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
  let browser: Promise<Browser> | null = null;
  let closed = false;
  const pages = slots(constants.embeds.rendersAtOnce);

  const started = () => {
    if (!browser) {
      const launching = import('playwright-core').then(({ chromium }) =>
        chromium.launch({
          executablePath: options.executablePath,
          headless: true,
          args: launchArgs,
          timeout: constants.embeds.renderTimeoutMs,
        }),
      );
      browser = launching;
      launching.then(
        (running) => running.on('disconnected', () => browser === launching && (browser = null)),
        () => browser === launching && (browser = null),
      );
    }
    return browser;
  };

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

  async function render(scene: Scene, size: EmbedSize, deadline: number): Promise<Rendered> {
    if (closed) throw new Error('The server is closing.');
    const left = () => Math.max(deadline - Date.now(), 1);
    return pages.run(deadline, async () => {
      const running = await started();
      const context = await running.newContext({ viewport: size, deviceScaleFactor: 1, serviceWorkers: 'block', acceptDownloads: false, locale: 'tr-TR' });
      const stop = new AbortController();
      const refused: Rendered['refused'] = [];
      try {
        await context.routeWebSocket(/.*/, (socket) => socket.close());
        await context.route('**/*', (route) => answer(route, refused, stop.signal));
        const page = await context.newPage();
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
        await context.close().catch(() => {});
        if (refused.length > 0) options.log.info({ refused }, 'embed render: requests refused');
      }
    });
  }

  return {
    render,
    async close() {
      closed = true;
      const running = browser;
      browser = null;
      if (running) await (await running.catch(() => null))?.close().catch(() => {});
    },
  };
}
