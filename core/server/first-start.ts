/**
 * The first start on a new data folder. Creating the embedded database (initdb), running every
 * migration and adding the demo data touch memory the process never gives back: the database's
 * WebAssembly memory does not shrink, and the heap keeps its high-water mark. A short-lived child
 * process (setup.ts) does that work and exits; the server then opens a database that is ready,
 * as on any later start, and stays about 50 MB smaller.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { copyingStopped } from './demo-template';
import type { ServerEnv } from './env';

// TypeScript when the server runs from its sources (dev, e2e), JavaScript when compiled (npm start).
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

/** The embedded database of DATA_DIR does not exist yet, or its copy from the demo template did not finish (a PostgreSQL server needs none of this). */
export function isNewDataFolder(env: ServerEnv): boolean {
  return !env.databaseUrl && (!existsSync(join(env.dataDir, 'pglite', 'PG_VERSION')) || copyingStopped(env.dataDir));
}

/** A first start stopped while it copied the demo template left half a database: it goes, and this start begins again. */
export function startOver(env: ServerEnv): void {
  if (!copyingStopped(env.dataDir)) return;
  for (const folder of ['pglite', 'uploads']) rmSync(join(env.dataDir, folder), { recursive: true, force: true });
}

/** Runs setup.ts in a child process with this process's Node options, and waits for it. */
export async function prepareInChildProcess(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, join(import.meta.dirname, `setup.${ext}`)], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  // setup.ts has said what went wrong.
  if (code !== 0) process.exit(1);
}
