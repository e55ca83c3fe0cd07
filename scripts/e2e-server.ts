/** The server the end-to-end journeys run against: the built console, a fresh DATA_DIR and its own features file. */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { e2eConfigDir, e2eDataDir, e2eRoot } from '../tests/e2e/paths';

rmSync(e2eRoot, { recursive: true, force: true });
mkdirSync(e2eConfigDir, { recursive: true });
cpSync('config/features.json', `${e2eConfigDir}/features.json`);

const port = process.env.E2E_PORT ?? '8090';
Object.assign(process.env, {
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: e2eDataDir,
  CONFIG_DIR: e2eConfigDir,
  PUBLIC_URL: `http://localhost:${port}`,
  DEMO_DATA: 'on',
  DEMO_PASSWORD: 'Masthead-demo-1',
  LOG_LEVEL: 'warn',
  PODCAST_ALLOW_PRIVATE_FEEDS: 'on',
});
await import('../core/server/main');
