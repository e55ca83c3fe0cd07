/**
 * The import rule of docs/ARCHITECTURE.md, checked on every relative import:
 * - the core imports no plugin;
 * - core/shared (both sides) imports neither core/server nor core/client;
 * - a plugin imports the core, schemas/, its own folder and other plugins' public entries
 *   (plugins/<id>/client/public.ts, plugins/<id>/server/public.ts, and the calls and socket
 *   events it declares, plugins/<id>/endpoints.ts and events.ts) only.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const publicEntry = /^plugins\/[^/]+\/((client|server)\/public|endpoints|events)(\.tsx?)?$/;

/** Why `target` may not be imported from `file` (both relative to the project root), or null. */
export function boundaryProblem(file, target) {
  const [fileTop, fileSecond] = file.split('/');
  const [targetTop, targetSecond] = target.split('/');
  if (fileTop === 'core') {
    if (targetTop === 'plugins') return 'the core imports no plugin: give the plugin a reference to implement (core/client/refs.ts) or a registration';
    if (fileSecond === 'shared' && targetTop === 'core' && (targetSecond === 'server' || targetSecond === 'client'))
      return `core/shared is used by both sides: it may not import core/${targetSecond}`;
    return null;
  }
  if (fileTop === 'plugins') {
    if (targetTop === 'core' || targetTop === 'schemas' || targetTop === 'node_modules') return null;
    if (targetTop === 'plugins' && targetSecond === fileSecond) return null;
    if (targetTop === 'plugins' && publicEntry.test(target)) return null;
    if (targetTop === 'plugins')
      return `a plugin imports another plugin only through its public entry (plugins/${targetSecond}/client/public.ts, server/public.ts or endpoints.ts)`;
    return `a plugin imports the core, schemas/, its own folder and other plugins' public entries only, not ${targetTop}/`;
  }
  return null;
}

/**
 * A rule's visitors on a file's relative imports (static, re-exports and import()): each target,
 * relative to the project root, for which `problemOf(file, target)` answers a reason is reported;
 * `skip(node)` leaves an import out.
 */
export function relativeImportChecks(context, problemOf, skip = () => false) {
  const file = relative(root, context.filename).split(sep).join('/');
  const check = (node) => {
    const source = node.source?.value;
    if (typeof source !== 'string' || !source.startsWith('.') || skip(node)) return;
    const target = relative(root, resolve(dirname(context.filename), source))
      .split(sep)
      .join('/');
    const problem = problemOf(file, target);
    if (problem) context.report({ node: node.source, message: `'${source}': ${problem}.` });
  };
  return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
}

export default {
  meta: { type: 'problem', docs: { description: 'Keeps imports inside the boundaries of docs/ARCHITECTURE.md' }, schema: [] },
  create(context) {
    return relativeImportChecks(context, boundaryProblem);
  },
};
