/**
 * The journeys' `test`: each Playwright worker starts a server of its own (server.ts) and every
 * page and API request of the worker's tests goes to it, so workers run files side by side.
 */
import type { EventEmitter } from 'node:events';
import { test as base, type BrowserContext, type Dialog, type Page, type ViewportSize } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../api/smtp-sink';
import { startServer, type RunningServer } from './server';

/** The worker's server: a new fixture function each time, so that each caller's fixtures are its own. */
function serverFixture(): [
  (args: object, use: (server: RunningServer) => Promise<void>, workerInfo: { parallelIndex: number }) => Promise<void>,
  { scope: 'worker'; timeout: number },
] {
  return [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
    async ({}, use: (server: RunningServer) => Promise<void>, workerInfo: { parallelIndex: number }) => {
      const server = await startServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ];
}

/** A worker's page kept from one journey to the next (keptPage), with the context options it was made with. */
interface Kept {
  context: BrowserContext;
  page: Page;
  options: string;
  /** Whether the journey changed the page or its context in a way the next journey must not inherit. */
  changed: boolean;
}

/**
 * What a journey may do to its page or context that a reset does not undo: a route, a fake clock, a
 * script run at each load, offline, a permission, other media. A journey that calls any of these
 * gets a new page after it, as every journey did before; so does one that leaves a listener on the
 * page or its context (`listeners`). Another window size the reset sets back.
 */
const pageOrContextChanges = ['route', 'routeFromHAR', 'routeWebSocket', 'addInitScript', 'exposeFunction', 'exposeBinding', 'setExtraHTTPHeaders'] as const;
const pageChanges = [...pageOrContextChanges, 'emulateMedia'] as const;
const contextChanges = [...pageOrContextChanges, 'setOffline', 'grantPermissions', 'setGeolocation', 'setHTTPCredentials', 'addCookies'] as const;
const clockChanges = ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'fastForward', 'runFor'] as const;

/** Marks the kept page changed whenever the journey calls one of the methods above on it or its context. */
function watchChanges(kept: Kept): void {
  const watch = <T extends object>(target: T, methods: readonly string[]) => {
    for (const method of methods) {
      const original = (target as Record<string, unknown>)[method];
      if (typeof original !== 'function') continue;
      Object.defineProperty(target, method, {
        configurable: true,
        value: (...args: unknown[]) => {
          kept.changed = true;
          return (original as (...args: unknown[]) => unknown).apply(target, args);
        },
      });
    }
  };
  watch(kept.page, pageChanges);
  watch(kept.context, contextChanges);
  watch(kept.context.clock, clockChanges);
}

/** The listeners on the kept page and its context, by event: a journey's own listener outlives it (Playwright's waits take theirs off). */
function listeners(kept: Kept): string {
  return [kept.page, kept.context]
    .map((emitter) => emitter as unknown as EventEmitter)
    .flatMap((emitter) => emitter.eventNames().map((event) => `${String(event)}:${emitter.listenerCount(event)}`))
    .join(' ');
}

/**
 * Back to what a new context would hold, on the server's origin: the console unloaded (a page of
 * the editors asks before it goes: yes), its storage and cookies cleared, no other page open, the
 * window at the journey's size.
 */
async function reset(kept: Kept, baseURL: string, viewport: ViewportSize | null): Promise<void> {
  for (const page of kept.context.pages()) if (page !== kept.page) await page.close();
  const page = kept.page;
  const leave = (dialog: Dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss());
  page.on('dialog', leave);
  try {
    await page.goto(new URL('/favicon.svg', baseURL).href);
  } finally {
    page.off('dialog', leave);
  }
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await kept.context.clearCookies();
  const size = page.viewportSize();
  if (viewport && (size?.width !== viewport.width || size.height !== viewport.height)) await page.setViewportSize(viewport);
}

export const test = base.extend<{ keptPage: Page }, { server: RunningServer; kept: { current?: Kept } }>({
  server: serverFixture(),
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  kept: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
    async ({}, use) => {
      const holder: { current?: Kept } = {};
      await use(holder);
      await holder.current?.context.close();
    },
    { scope: 'worker' },
  ],
  /**
   * The journey's page: the page the worker's last journey left, reset, when that journey changed
   * nothing a reset cannot undo, passed, and asked for the same context options; else a new one.
   * A page that stays in its renderer skips most of a console load's cost: signing in on it took
   * 1.5 s of the machine's CPU, against 2.8 s in a new context (decision 0046).
   */
  keptPage: async (
    {
      browser,
      kept,
      baseURL,
      viewport,
      hasTouch,
      isMobile,
      locale,
      timezoneId,
      colorScheme,
      reducedMotion,
      javaScriptEnabled,
      storageState,
      permissions,
      offline,
      contextOptions,
    },
    use,
    testInfo,
  ) => {
    // Named again: Playwright reads a fixture's dependencies from its pattern and refuses a rest property there.
    const options = JSON.stringify({
      baseURL,
      viewport,
      hasTouch,
      isMobile,
      locale,
      timezoneId,
      colorScheme,
      reducedMotion,
      javaScriptEnabled,
      storageState,
      permissions,
      offline,
      contextOptions,
    });
    let current = kept.current;
    kept.current = undefined;
    if (current && (current.options !== options || current.page.isClosed())) {
      await current.context.close();
      current = undefined;
    }
    if (current) {
      try {
        await reset(current, baseURL!, viewport);
      } catch {
        await current.context.close();
        current = undefined;
      }
    }
    if (!current) {
      // Playwright gives a context made during a journey the journey's options.
      const context = await browser.newContext();
      current = { context, page: await context.newPage(), options, changed: false };
      watchChanges(current);
    }
    const listening = listeners(current);
    await use(current.page);
    if (current.changed || listeners(current) !== listening || testInfo.status !== testInfo.expectedStatus) await current.context.close();
    else kept.current = current;
  },
  context: async ({ keptPage }, use) => {
    await use(keptPage.context());
  },
  page: async ({ keptPage }, use) => {
    await use(keptPage);
  },
});

/**
 * The same with a second server, for the journeys that change what the others count (a new
 * newsletter, a subscriber, a collection): they share it, and none of them counts what another of
 * them changes (checked by running them in either order in one worker). Playwright gives them
 * workers of their own (files with other worker fixtures get other workers), so a worker starts
 * the second server once for all of them, not once per file.
 */
const ownServer = test.extend<object, { server: RunningServer }>({ server: serverFixture() });
export function ownServerTest() {
  return ownServer;
}

/**
 * The same, for journeys that send real e-mail: the worker's server sends over SMTP to a sink of its
 * own. Each call makes new fixtures, and Playwright gives files with different worker fixtures
 * different workers, so each file that calls it has a server and a sink of its own and counts only
 * what it sent itself.
 */
export function smtpTest() {
  return test.extend<object, { sink: SmtpSink; server: RunningServer }>({
    sink: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
      async ({}, use) => {
        const sink = await startSmtpSink();
        await use(sink);
        await sink.close();
      },
      { scope: 'worker' },
    ],
    server: [
      async ({ sink }, use, workerInfo) => {
        const server = await startServer(workerInfo.parallelIndex, 90_000, { SMTP_URL: sink.url });
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
  });
}

export { expect } from '@playwright/test';
