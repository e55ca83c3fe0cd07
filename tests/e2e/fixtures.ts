/**
 * The journeys' `test`: each Playwright worker starts a server of its own (server.ts) and every
 * page and API request of the worker's tests goes to it, so workers run files side by side.
 */
import { test as base } from '@playwright/test';
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

export const test = base.extend<object, { server: RunningServer }>({
  server: serverFixture(),
  baseURL: async ({ server }, use) => {
    await use(server.url);
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
