import { join, resolve } from 'node:path';

export const screensDir = resolve(import.meta.dirname, '..', 'artifacts', 'screens');

/**
 * Whether the journeys save their screenshots in screensDir (`npm run test:e2e` does, E2E_SCREENS=on):
 * `npm test` checks the same screens with axe but saves no pictures, which nobody reads in CI and
 * cost the journeys about a twentieth of their CPU (a tall page's whole-page picture, up to 2.7 s).
 */
export const keepScreens = process.env.E2E_SCREENS === 'on';

/**
 * Each Playwright worker has a slot (its parallel index: 0, 1, ...) and in it a server of its own,
 * with its own port, DATA_DIR and features file, so journeys in different workers share nothing.
 */
export const e2eSlot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const e2eBasePort = Number(process.env.E2E_PORT ?? 8090);

/** A run's folders, by its base port: runs on different ports (E2E_PORT) touch none of each other's. */
export const e2eRoot = resolve(import.meta.dirname, '..', '..', '.e2e', String(e2eBasePort));
/** The demo data seeded once per run (global setup): each server starts on a copy of it. */
export const e2eTemplateDir = join(e2eRoot, 'template');

export function slotOf(slot: number) {
  const dir = join(e2eRoot, `slot-${slot}`);
  return { port: e2eBasePort + slot, dataDir: join(dir, 'data'), configDir: join(dir, 'config') };
}

/** This worker's server. */
export const e2eServer = slotOf(e2eSlot);
export const e2eDataDir = e2eServer.dataDir;
export const e2eConfigDir = e2eServer.configDir;
