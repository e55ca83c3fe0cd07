import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { schemaValidators } from './scripts/build/validator-codegen';

/** Files that need modules of their own: they replace a module (vi.mock), or render into a document (happy-dom). */
const ownModules = [
  'tests/api/issues.test.ts',
  'tests/api/issues-live.test.ts',
  'tests/api/plugins.test.ts',
  'tests/unit/format.test.ts',
  'tests/unit/analytics-periods.test.ts',
];

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
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          // The server's tests share each worker's modules (decision 0046): a worker evaluates the
          // server's module graph once, not once per file. A file leaves nothing behind: it closes
          // its servers, and the clock is set back after it.
          name: 'server',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          exclude: ownModules,
          isolate: false,
          setupFiles: ['tests/api/file-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Console pieces, each rendered into a document of its own, and the files above.
          name: 'isolated',
          include: ['tests/components/**/*.test.tsx', ...ownModules],
        },
      },
    ],
  },
});
