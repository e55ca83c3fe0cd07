import { relative } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { schemaValidators } from './scripts/build/validator-codegen';

/**
 * Files that need modules of their own: they replace a module (vi.mock), render into a document
 * (happy-dom) from the server's side, or read a module's state from its start (the statements a
 * process names, which stop at 500: after other files they may all be taken).
 */
const ownModules = [
  'tests/components/collections.test.tsx',
  'tests/components/design-pages.test.tsx',
  'tests/components/newsletter-wizard.test.tsx',
  'tests/components/walk-through-page.test.tsx',
  'tests/api/issues.test.ts',
  'tests/api/issues-live.test.ts',
  'tests/api/plugins.test.ts',
  'tests/api/prepared.test.ts',
  'tests/unit/format.test.ts',
  'tests/unit/analytics-periods.test.ts',
];

/** The short morning's load on three processes behind HAProxy (issue 59): alone, after the rest. */
const loadTest = 'tests/api/morning-load.test.ts';

/**
 * The files that took longest in a clean-clone CI run (seconds, on two cores; each starts servers
 * on every engine, replays restarts or waits on a limit). They start first: a long file left to
 * the end ran alone while the other worker had nothing left to do.
 */
const longest = [
  'tests/security/requires.test.ts', // 74
  'tests/api/sending-crash.test.ts', // 65 (two SIGKILLs since issue 53)
  'tests/api/subject-test-crash.test.ts', // about 50 locally (two SIGKILLs)
  'tests/api/live-issue-doc.test.ts', // 40
  'tests/api/issues-publish.test.ts', // 29
  'tests/api/analytics.test.ts', // 22
  'tests/security/upload-memory.test.ts', // 21
  'tests/security/tracking-repeats.test.ts', // 19
  'tests/api/readers.test.ts', // 18
  'tests/api/audience-subscribe.test.ts', // 18
  'tests/api/episodes.test.ts', // 17
  'tests/api/stories.test.ts', // 17
];

/**
 * The order files start in: the server's files first, the longest of them at the head, then the
 * isolated ones (short, each in a fresh worker) to fill the end; otherwise vitest's own order (by
 * the last run's durations where it has them, else by size).
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const order = new Map((await super.sort(files)).map((spec, index) => [spec, index]));
    const rank = (spec: TestSpecification) => {
      const known = longest.indexOf(relative(import.meta.dirname, spec.moduleId));
      return [spec.project.name === 'server' ? 0 : 1, known < 0 ? longest.length : known, order.get(spec)!];
    };
    return files.toSorted((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2];
    });
  }
}

export default defineConfig({
  plugins: [react(), schemaValidators()],
  test: {
    // Playwright's journeys (tests/e2e) run under `playwright test`, not here.
    environment: 'node',
    // One migrated database for the run's test servers to start from (tests/api/server.ts).
    globalSetup: ['tests/api/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The load test runs alone, after every other file (group 1): it takes the machine's cores for
    // three servers, the proxy and its load, and would starve the files beside it.
    sequence: { sequencer: LongestFirst, groupOrder: 0 },
    maxWorkers: 2,
    // The files that render into a document load React, Fluent UI and the console's other packages
    // as a few files bundled once per run (Vite's dependency optimizer), not as the thousands of
    // modules each worker transformed and evaluated: the components' files took 98 s and 155 s of
    // CPU without it, 67 s and 107 s with it (decision 0046).
    deps: { optimizer: { client: { enabled: true, include: ['@fluentui/react', 'react', 'react-dom', 'jotai', 'ky', 'date-fns', 'wouter'] } } },
    projects: [
      {
        extends: true,
        test: {
          // The server's tests share each worker's modules (decision 0046): a worker evaluates the
          // server's module graph once, not once per file. A file leaves nothing behind: it closes
          // its servers, and the clock is set back after it.
          name: 'server',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          exclude: [...ownModules, loadTest],
          isolate: false,
          setupFiles: ['tests/api/file-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Console pieces, each rendered into a document of its own. A worker loads the packages
          // (React, Fluent UI) once; the console's own modules are evaluated anew for each file
          // (tests/components/file-setup.ts), so their state (the session's token, the toasts) is
          // the file's own.
          name: 'console',
          include: ['tests/components/**/*.test.tsx'],
          exclude: ownModules,
          isolate: false,
          setupFiles: ['tests/components/file-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The files above, each in a fresh worker.
          name: 'isolated',
          include: ownModules,
        },
      },
      {
        extends: true,
        test: {
          name: 'load',
          include: [loadTest],
          sequence: { sequencer: LongestFirst, groupOrder: 1 },
        },
      },
    ],
  },
});
