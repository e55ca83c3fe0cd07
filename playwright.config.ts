import { statfsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './tests/chromium';

/**
 * Whether /dev/shm holds a browser's shared memory (a gigabyte or more). Playwright tells Chromium
 * to keep it in /tmp instead, for containers with a 64 MB /dev/shm; on a disk, that made every
 * painted frame a file write, and the journeys 13 % slower.
 */
function sharedMemoryFits(): boolean {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize >= 2 ** 30;
  } catch {
    return false;
  }
}

/**
 * End-to-end journeys in Debian's Chromium against the real server. Each worker starts a server of
 * its own (tests/e2e/fixtures.ts) on E2E_PORT (8090 by default) plus its index, on a copy of the demo
 * data seeded once (tests/e2e/global-setup.ts), with its own features file: files run side by side.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two cores: two workers, each with a browser and a server. The tests of a file run in order.
  workers: 2,
  fullyParallel: false,
  // A test.only left behind would silently skip the rest in CI.
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // Two workers, two servers and two browsers share two cores. The waits that once took past 10 s
  // (a first paint while the other worker loaded an editor or a chart; stops 46-48) lost their cost:
  // sessions come from the API, the console from the built server, axe runs in the page. A passing
  // assertion returns as soon as it holds, so only a failure waits this long.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    screenshot: 'only-on-failure',
    reducedMotion: 'reduce',
    // No trace: recording one cost the journeys a fifth of their CPU (stories: 211 s of machine CPU
    // with a trace kept on failure, 174 s without), for files that a run in CI does not keep. To see
    // a failure step by step, run the journey again with `--trace on`. The screenshot at the failure stays.
    trace: 'off',
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      ...chromiumLaunch,
      ignoreDefaultArgs: sharedMemoryFits() ? ['--disable-dev-shm-usage'] : [],
      // Audio plays from a script without a click first (the recordings and episodes players).
      args: [...chromiumLaunch.args, '--autoplay-policy=no-user-gesture-required'],
    },
  },
});
