import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { schemaValidators } from './scripts/build/validator-codegen';

export default defineConfig({
  plugins: [react(), schemaValidators()],
  test: {
    // Playwright's journeys (tests/e2e) run under `playwright test`, not here.
    include: ['tests/unit/**/*.test.ts', 'tests/components/**/*.test.tsx', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
    environment: 'node',
    // One migrated database for the run's test servers to start from (tests/api/server.ts).
    globalSetup: ['tests/api/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
