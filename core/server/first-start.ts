/**
 * The first start on a new data folder. Creating the embedded database (initdb), running every
 * migration and adding the demo data touch memory the process never gives back: the database's
 * WebAssembly memory does not shrink, and the heap keeps its high-water mark. A short-lived child
 * process (setup.ts) does that work and exits; the server then opens a database that is ready,
 * as on any later start, and stays about 50 MB smaller.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerEnv } from './env';

// TypeScript when the server runs from its sources (dev, e2e), JavaScript when compiled (npm start).
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

/** The embedded database of DATA_DIR does not exist yet (a PostgreSQL server needs none of this). */
export function isNewDataFolder(env: ServerEnv): boolean {
  return !env.databaseUrl && !existsSync(join(env.dataDir, 'pglite', 'PG_VERSION'));
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
