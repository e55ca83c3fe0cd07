/**
 * The servers the journeys run against: one per Playwright worker (fixtures.ts starts it), each on
 * its own port with its own DATA_DIR and features file. They run the built server (dist-server/,
 * built by global-setup.ts when its sources changed), as `npm start` does: compiling TypeScript at
 * every start cost each server seconds of CPU. The demo data is seeded once per run into a
 * template folder (global-setup.ts, or `npm run test:prepare` before it) and each server starts on a copy: a first start, which runs
 * every migration and seeds, takes far longer than a start on a ready folder.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtHash } from '../../scripts/build/sources';
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
    // Speech in the server's own thread, as the API tests' servers do: no worker threads to start.
    SPEECH_WORKERS: '0',
    PODCAST_ALLOW_PRIVATE_FEEDS: 'on',
    // An answer off its declared schema is a 500 the journey fails on.
    CHECK_ANSWERS: 'on',
  };
}

/**
 * Runs a module of the built server (dist-server/) in a child process; `ipc` opens a message
 * channel to it and preloads the clock's control (server-clock.js), which listens on it.
 */
function runBuilt(file: string, env: Record<string, string>, output: 'inherit' | 'pipe', ipc = false) {
  const preload = ipc ? ['--import', join(import.meta.dirname, 'server-clock.js')] : [];
  return spawn(process.execPath, [...preload, join(root, 'dist-server', file)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', output, output, ...(ipc ? (['ipc'] as const) : [])],
  });
}

/**
 * How long a seeded template serves the journeys: `npm test` seeds it before the API tests (beside
 * the lint) and the journeys start on it minutes later. The demo data's dates are relative to the
 * day it was seeded, so an older template is seeded again.
 */
const templateLifetimeMs = 60 * 60_000;

/** What a template is seeded from: the built server's sources, the features file and this file's settings. */
function templateSource(): string {
  return createHash('sha256')
    .update(builtHash(join(root, 'dist-server', '.sources-hash')) ?? 'not built')
    .update(readFileSync(join(root, 'config', 'features.json')))
    .update(readFileSync(import.meta.filename))
    .digest('hex');
}

/**
 * Creates the template: the embedded database, every migration and the demo data
 * (core/server/setup.ts). With `unlessFresh`, a template seeded from the same build within the
 * last hour is kept (answers false).
 */
export async function seedTemplate({ unlessFresh = false } = {}): Promise<boolean> {
  const stamp = join(e2eTemplateDir, '.seeded-from');
  const source = templateSource();
  if (unlessFresh && existsSync(stamp) && readFileSync(stamp, 'utf8') === source && Date.now() - statSync(stamp).mtimeMs < templateLifetimeMs) return false;
  rmSync(e2eRoot, { recursive: true, force: true });
  const configDir = join(e2eTemplateDir, 'config');
  mkdirSync(configDir, { recursive: true });
  cpSync(join(root, 'config', 'features.json'), join(configDir, 'features.json'));
  const child = runBuilt('core/server/setup.js', serverEnv({ port: 0, dataDir: join(e2eTemplateDir, 'data'), configDir }), 'inherit');
  const code = await new Promise<number | null>((done, fail) => child.on('error', fail).on('exit', done));
  if (code !== 0) throw new Error(`seeding the journeys' demo data failed (exit ${code})`);
  writeFileSync(stamp, source);
  return true;
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
  /** Moves the server's clock on (server-clock.js): a journey sets the time instead of waiting for it. */
  advanceClock(ms: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts a slot's server on a fresh copy of the template and waits until it answers; its error output goes to ours. `env` adds settings (SMTP_URL). */
export async function startServer(slot: number, timeoutMs = 90_000, env: Record<string, string> = {}): Promise<RunningServer> {
  const url = `http://localhost:${slotOf(slot).port}`;
  // Another server on the port would answer for ours: say so instead of testing it.
  if (await answers(url)) throw new Error(`something already answers on ${url}: stop it, or choose other ports with E2E_PORT`);
  prepareSlot(slot);
  const child = runBuilt('core/server/main.js', { ...serverEnv(slotOf(slot)), ...env }, 'pipe', true);
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server ${slot}] ${chunk}`));
  let exited: number | null | undefined;
  const exit = new Promise<void>((done) => child.on('exit', (code) => ((exited = code), done())));
  // main.js says where it runs once it listens.
  const listening = new Promise<void>((done, fail) => {
    let said = '';
    const listen = (chunk: Buffer) => {
      said += chunk.toString();
      if (!said.includes('Masthead is running at')) return;
      said = '';
      child.stdout?.off('data', listen);
      // Read on, so that a full pipe never holds the server up.
      child.stdout?.resume();
      done();
    };
    child.stdout?.on('data', listen);
    void exit.then(() => fail(new Error(`the journeys' server ${slot} stopped on start (exit ${exited})`)));
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_done, fail) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the journeys' server ${slot} did not answer on ${url} within ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
  try {
    await Promise.race([listening, late]);
  } finally {
    clearTimeout(timer);
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
