/**
 * Preloaded into a production server by work-counts.test.ts (`node --import`): notes every module
 * the server's code imports, as the loader resolves it, in the file LOADED_MODULES_FILE names.
 */
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(${JSON.stringify(process.env.LOADED_MODULES_FILE)}, resolved.url + '\\n');
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
