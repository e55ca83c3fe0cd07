/**
 * Prepares a new data folder and exits: creates the embedded database, runs the migrations and
 * adds the demo data. `main.ts` runs it in a short-lived process on the first start, so that the
 * server does not keep the memory this one-off work took (docs/operations.md, Memory).
 */
import { buildServer } from './app';
import { readEnv } from './env';

try {
  const server = await buildServer({ env: readEnv() });
  await server.close();
} catch (error) {
  console.error(`Masthead could not start: ${(error as Error).message}`);
  process.exit(1);
}
