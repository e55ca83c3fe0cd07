/**
 * The servers the journeys run against: one per Playwright worker (fixtures.ts starts it), each on
 * its own port with its own DATA_DIR and features file. The demo data is seeded once per run into
 * a template folder (global-setup.ts) and each server starts on a copy: a first start, which runs
 * every migration and seeds, takes far longer than a start on a ready folder.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { e2eRoot, e2eTemplateDir, slotOf } from './paths';

const root = resolve(import.meta.dirname, '..', '..');

/** The environment of a journeys' server: demo data with a known password, quiet logs. */
export function serverEnv(server: { port: number; dataDir: string; configDir: string }): Record<string, string> {
  return {
    PORT: String(server.port),
    HOST: '127.0.0.1',
    DATA_DIR: server.dataDir,
    CONFIG_DIR: server.configDir,
    PUBLIC_URL: `http://localhost:${server.port}`,
    DEMO_DATA: 'on',
    DEMO_PASSWORD: 'Masthead-demo-1',
    LOG_LEVEL: 'warn',
    PODCAST_ALLOW_PRIVATE_FEEDS: 'on',
    // An answer off its declared schema is a 500 the journey fails on.
    CHECK_ANSWERS: 'on',
  };
}

/** Runs a TypeScript file of the project in a child process (the server runs from its sources, as in dev); `ipc` opens a message channel to it. */
function runTs(file: string, env: Record<string, string>, output: 'inherit' | 'pipe', ipc = false) {
  return spawn(process.execPath, ['--import', 'tsx', join(root, file)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', output, ...(ipc ? (['ipc'] as const) : [])],
  });
}

/** Creates the template: the embedded database, every migration and the demo data (core/server/setup.ts). */
export async function seedTemplate(): Promise<void> {
  rmSync(e2eRoot, { recursive: true, force: true });
  const configDir = join(e2eTemplateDir, 'config');
  mkdirSync(configDir, { recursive: true });
  cpSync(join(root, 'config', 'features.json'), join(configDir, 'features.json'));
  const child = runTs('core/server/setup.ts', serverEnv({ port: 0, dataDir: join(e2eTemplateDir, 'data'), configDir }), 'inherit');
  const code = await new Promise<number | null>((done, fail) => child.on('error', fail).on('exit', done));
  if (code !== 0) throw new Error(`seeding the journeys' demo data failed (exit ${code})`);
}

/** Gives a slot a fresh copy of the template (without one, the server's first start seeds) and its own features file. */
export function prepareSlot(slot: number): void {
  const { dataDir, configDir } = slotOf(slot);
  rmSync(resolve(dataDir, '..'), { recursive: true, force: true });
  mkdirSync(configDir, { recursive: true });
  cpSync(join(root, 'config', 'features.json'), join(configDir, 'features.json'));
  const template = join(e2eTemplateDir, 'data');
  if (existsSync(template)) cpSync(template, dataDir, { recursive: true });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/editor/version`)).ok;
  } catch {
    return false;
  }
}

export interface RunningServer {
  url: string;
  /** Moves the server's clock on (scripts/e2e-server.ts): a journey sets the time instead of waiting for it. */
  advanceClock(ms: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts a slot's server (scripts/e2e-server.ts) and waits until it answers; its error output goes to ours. `env` adds settings (SMTP_URL). */
export async function startServer(slot: number, timeoutMs = 90_000, env: Record<string, string> = {}): Promise<RunningServer> {
  const url = `http://localhost:${slotOf(slot).port}`;
  // Another server on the port would answer for ours: say so instead of testing it.
  if (await answers(url)) throw new Error(`something already answers on ${url}: stop it, or choose other ports with E2E_PORT`);
  const child = runTs('scripts/e2e-server.ts', { ...env, TEST_PARALLEL_INDEX: String(slot) }, 'pipe', true);
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server ${slot}] ${chunk}`));
  let exited: number | null | undefined;
  const exit = new Promise<void>((done) => child.on('exit', (code) => ((exited = code), done())));

  const end = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== undefined) throw new Error(`the journeys' server ${slot} stopped on start (exit ${exited})`);
    if (await answers(url)) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`the journeys' server ${slot} did not answer on ${url} within ${timeoutMs / 1000} s`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }

  return {
    url,
    advanceClock(ms) {
      // The server answers once its clock has moved.
      return new Promise((done) => {
        child.once('message', () => done());
        child.send({ advanceClock: ms });
      });
    },
    async stop() {
      if (exited !== undefined) return;
      // SIGTERM lets the server finish and close its database; it forces itself out after 10 s.
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(killer);
    },
  };
}
