/**
 * The payments journeys' `test`: the worker's server points its Stripe package at a local stand-in
 * (tests/api/stripe-standin.ts) through STRIPE_API_URL; the stand-in posts its events to the
 * endpoints the server creates at its public address (localhost).
 */
import { test as base } from './fixtures';
import { startServer, type RunningServer } from './server';
import { startStripeStandin, type StripeStandin } from '../api/stripe-standin';

export const test = base.extend<object, { standin: StripeStandin; server: RunningServer }>({
  standin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
    async ({}, use) => {
      const standin = await startStripeStandin();
      await use(standin);
      await standin.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ standin }, use, workerInfo) => {
      const server = await startServer(workerInfo.parallelIndex, 90_000, { STRIPE_API_URL: standin.url });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});
