/**
 * Prepares a new data folder and exits: creates the embedded database, runs the migrations and
 * adds the demo data. `main.ts` runs it in a short-lived process on a first start that no demo
 * template fits, so that the server does not keep the memory this one-off work took
 * (docs/operations.md, Memory). With `--template <folder>` (the build), the data folder is
 * DATA_DIR and it is recorded as the demo template (demo-template.ts).
 */
import { buildServer } from './app';
import { markAsTemplate, packTemplate } from './demo-template';
import { readEnv } from './env';

const at = process.argv.indexOf('--template');
const templateDir = at >= 0 ? process.argv[at + 1] : undefined;

try {
  const env = readEnv();
  const server = await buildServer({ env });
  if (templateDir) await markAsTemplate(server.database, env, templateDir);
  await server.close();
  if (templateDir) await packTemplate(env.dataDir, templateDir);
} catch (error) {
  console.error(`Masthead could not start: ${(error as Error).message}`);
  process.exit(1);
}
