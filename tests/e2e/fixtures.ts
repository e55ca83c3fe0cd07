/**
 * The journeys' `test`: each Playwright worker starts a server of its own (server.ts) and every
 * page and API request of the worker's tests goes to it, so workers run files side by side.
 */
import { test as base } from '@playwright/test';
import { startServer, type RunningServer } from './server';

export const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
    async ({}, use, workerInfo) => {
      const server = await startServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect } from '@playwright/test';
