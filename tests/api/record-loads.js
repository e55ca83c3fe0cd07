/**
 * Preloaded into a production server by work-counts.test.ts (`node --import`): notes every module
 * the server's code imports, as the loader resolves it, and every CommonJS module required
 * (core/server/on-first-use.ts requires some on their first use), in the file LOADED_MODULES_FILE
 * names.
 */
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const list = process.env.LOADED_MODULES_FILE;
const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(${JSON.stringify(list)}, resolved.url + '\\n');
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const filename = resolveFilename.apply(this, args);
  if (filename.startsWith('/')) appendFileSync(list, `${pathToFileURL(filename).href}\n`);
  return filename;
};
