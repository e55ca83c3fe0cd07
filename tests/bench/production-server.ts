/**
 * The real production server in a child process, started as `npm start` starts it (the compiled
 * JavaScript, with production.ts's settings) on a fresh data folder with the demo data, and its
 * memory as the operating system counts it (VmRSS). The bench and the upload memory test use it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPart, projectRoot, serverPart } from '../../scripts/build/parts';
import { nodeFlags, productionEnv, serverEntry } from '../../scripts/build/production';

export interface ProductionServer {
  url: string;
  pid: number;
  /** Seconds from the process's spawn to its first answer. */
  answeredSeconds: number;
  /** The server process's resident memory now, in MB. */
  rssMb(): number;
  /** Waits until the server's memory has not moved by more than 1 MB for `steadySeconds`, and answers it (MB). */
  idleRssMb(options?: { steadySeconds?: number; atLeastSeconds?: number; timeoutSeconds?: number }): Promise<number>;
  /** Signs a demo account in and answers its token. */
  signIn(email: string): Promise<string>;
  /** Uploads a PNG to the image library and answers the status and the body. */
  uploadPng(token: string, png: Buffer, filename: string): Promise<{ status: number; body: any }>;
  /** What the server printed. */
  output(): string;
  stop(): Promise<void>;
  /** Kills it where it stands (SIGKILL) and waits until it is gone; its data folder stays. */
  kill(): Promise<void>;
}

const demoPassword = 'Masthead-demo-1';

/**
 * `env` adds settings (SMTP_URL, DATABASE_URL...). `prepare` fills the new data folder before the
 * server starts (a test puts the run's seeded demo data there, tests/api/server.ts' seedDataDir);
 * without it the server seeds its own, or copies the build's demo template, as a first `npm start`
 * does. With `dataDir` the server starts on that folder (a restart) and leaves it when it stops;
 * with `port` it listens there (a process started again where a proxy expects it).
 */
export async function startProductionServer(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
  options: { dataDir?: string; port?: number } = {},
): Promise<ProductionServer> {
  // As `npm start`: build the server only when its sources changed since the last build.
  await buildPart(serverPart, { onlyIfChanged: true, quiet: true });
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'masthead-production-'));
  await prepare?.(dataDir);
  const spawnedAt = performance.now();
  const port = options.port ?? (await freePort());
  // The parent's Node options (a test runner's loaders) are not production's.
  const { NODE_OPTIONS: _options, ...parentEnv } = process.env;
  const child = spawn(process.execPath, [...nodeFlags, serverEntry], {
    cwd: projectRoot,
    env: {
      ...parentEnv,
      ...productionEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      DEMO_PASSWORD: demoPassword,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  let answeredSeconds: number;
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child).finally(() => options.dataDir ?? rmSync(dataDir, { recursive: true, force: true }));
  try {
    await answering(`${url}/api/editor/version`, child, 120_000);
    answeredSeconds = (performance.now() - spawnedAt) / 1000;
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${printed}`, { cause: error });
  }
  const rssMb = () => vmRssMb(child.pid!);
  return {
    url,
    pid: child.pid!,
    answeredSeconds,
    rssMb,
    async idleRssMb({ steadySeconds = 10, atLeastSeconds = 0, timeoutSeconds = 120 } = {}) {
      const started = Date.now();
      const samples: number[] = [];
      for (;;) {
        samples.push(rssMb());
        const recent = samples.slice(-steadySeconds - 1);
        const elapsed = (Date.now() - started) / 1000;
        const steady = recent.length > steadySeconds && Math.max(...recent) - Math.min(...recent) <= 1;
        if ((steady && elapsed >= atLeastSeconds) || elapsed >= timeoutSeconds) return samples.at(-1)!;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    },
    async signIn(email) {
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: demoPassword }),
      });
      if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
      return (await response.json()).data as string;
    },
    async uploadPng(token, png, filename) {
      const form = new FormData();
      form.set('alt', 'Ölçü sınırında bir görsel');
      form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), filename);
      const response = await fetch(`${url}/api/images/create`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      return { status: response.status, body: await response.json() };
    },
    output: () => printed,
    stop,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function vmRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line.split(/\s+/)[1]) / 1024;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 200, or the child stops, or the time is up. */
export async function answering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped with code ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
