/** `npm start`: serves the console, the API and socket.io on PORT, until SIGINT or SIGTERM. */
import { buildServer } from './app';
import { serveControl } from './backup';
import { readEnv } from './env';
import type { Database } from './db/database';
import { openFromDemoTemplate } from './demo-template';
import { isNewDataFolder, prepareInChildProcess, openPreparedPostgres, startOver } from './first-start';
import { demoAccounts } from './seed';

const env = readEnv();
let server: Awaited<ReturnType<typeof buildServer>>;
try {
  // A new PostgreSQL database is prepared in a short-lived process; a first start on a new data
  // folder begins from the demo template the build made when it fits, else prepares the folder so.
  let database: Database | undefined;
  if (env.databaseUrl) database = await openPreparedPostgres(env);
  else if (isNewDataFolder(env)) {
    startOver(env);
    database = await openFromDemoTemplate(env);
    if (!database) await prepareInChildProcess();
  }
  server = await buildServer({ env, database });
} catch (error) {
  // Config and plugin problems name the file and the field: say it plainly and stop.
  console.error(`Masthead could not start: ${(error as Error).message}`);
  process.exit(1);
}
const { app } = server;

await app.listen({ port: env.port, host: env.host });
settleMemoryAfterStart();
// `npm run backup` asks this process for a consistent backup while it serves.
const control = await serveControl({ dataDir: env.dataDir, database: server.database, storage: server.context.storage, log: app.log });

if (env.demoData) {
  const rows = demoAccounts.map((account) => `    ${account.role.padEnd(9)} ${account.email}`).join('\n');
  console.log(`\nMasthead is running at ${env.publicUrl}\n\n  Demo accounts (password: ${env.demoPassword}):\n${rows}\n`);
} else {
  console.log(`\nMasthead is running at ${env.publicUrl}\n`);
}

/**
 * A start allocates far more than the server keeps (the database's start, every plugin's routes,
 * the first queries), and V8 gives it back when its memory reducer runs, which it sets going after
 * a full collection: after a start that may be seconds or minutes away (a busy machine: over 30 s).
 * One collection, concurrent with serving, a few seconds after the start sets it going: the server
 * is down to its resting size within some 15 s (docs/operations.md, Memory). The production
 * command exposes gc (--expose-gc, scripts/build/production.ts); elsewhere this does nothing.
 */
function settleMemoryAfterStart(): void {
  const collect = globalThis.gc;
  if (collect) setTimeout(() => void collect({ type: 'major', execution: 'async' }), 5000).unref();
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await control.close();
      await app.close();
      clearTimeout(force);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  });
}
