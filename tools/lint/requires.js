/**
 * `requires` covers imports (docs/decisions/0048): a plugin that imports another plugin (its public
 * entry, endpoints.ts or events.ts, on either side, statically or with import()) lists it in its
 * manifest's `requires`, directly or through a plugin it requires. Otherwise a config can enable
 * it without the other, and the call, the route or the reference it imports is not there.
 * A type-only import (`import type`, `import { type X }`, `export type ... from`, `typeof import()`)
 * is left out: nothing of it runs, so the other plugin need not be enabled.
 * The manifests (plugins/<id>/plugin.ts) are read once, with the parser ESLint uses.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import tseslint from 'typescript-eslint';
import { relativeImportChecks } from './boundaries.js';

const root = resolve(import.meta.dirname, '..', '..');

/** The ids a manifest's source lists in `requires`: the `definePlugin({ ... })` argument's property. */
export function requiresInManifest(source, file = 'plugin.ts') {
  const program = tseslint.parser.parseForESLint(source, { sourceType: 'module' }).ast;
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'definePlugin') {
      const argument = node.arguments[0];
      const property =
        argument?.type === 'ObjectExpression'
          ? argument.properties.find((item) => item.type === 'Property' && !item.computed && item.key.name === 'requires')
          : undefined;
      if (!property) return found.push([]);
      const { value } = property;
      if (value.type !== 'ArrayExpression' || !value.elements.every((element) => element?.type === 'Literal' && typeof element.value === 'string'))
        throw new Error(`${file}: write requires as a list of plugin ids ('a', 'b'), so that ESLint can read it`);
      return found.push(value.elements.map((element) => element.value));
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'parent') continue;
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child === 'object') visit(child);
    }
  };
  visit(program);
  if (found.length !== 1) throw new Error(`${file}: expected one definePlugin({ ... }), found ${found.length}`);
  return found[0];
}

let manifests;
/** Plugin id to the ids its manifest requires, read once from plugins/<id>/plugin.ts. */
export function pluginRequires() {
  if (manifests) return manifests;
  manifests = new Map();
  const pluginsDir = join(root, 'plugins');
  for (const id of existsSync(pluginsDir) ? readdirSync(pluginsDir) : []) {
    const file = join(pluginsDir, id, 'plugin.ts');
    if (existsSync(file)) manifests.set(id, requiresInManifest(readFileSync(file, 'utf8'), `plugins/${id}/plugin.ts`));
  }
  return manifests;
}

/** `id` and every plugin it requires, transitively (as withRequired in core/shared/plugin.ts). */
export function requiredBy(id, requires = pluginRequires()) {
  const wanted = new Set();
  const add = (next) => {
    if (wanted.has(next)) return;
    wanted.add(next);
    (requires.get(next) ?? []).forEach(add);
  };
  add(id);
  return wanted;
}

/**
 * Why the file at `file` may not import `target` (both project-relative) with the manifests'
 * `requires` as they are, or null. Only one plugin's import of another is judged.
 */
export function requiresProblem(file, target, requires = pluginRequires()) {
  const [fileTop, importer] = file.split('/');
  const [targetTop, imported] = target.split('/');
  if (fileTop !== 'plugins' || targetTop !== 'plugins' || !importer || !imported || importer === imported) return null;
  if (!requires.has(importer) || !requires.has(imported)) return null;
  if (requiredBy(importer, requires).has(imported)) return null;
  if (requiredBy(imported, requires).has(importer))
    return `the ${importer} plugin imports the ${imported} plugin, which requires ${importer}, so ${importer} cannot require it back (a cycle): declare what they share on the ${importer} plugin's side (a reference ${importer} declares and ${imported} binds or provides) or in the core`;
  return `the ${importer} plugin imports the ${imported} plugin without requiring it: add '${imported}' to requires in plugins/${importer}/plugin.ts, or do without the import`;
}

/** Whether an import or export declaration brings in types only (TypeScript erases it). */
function typeOnly(node) {
  if (node.type === 'ImportExpression') return false;
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type');
}

export default {
  meta: { type: 'problem', docs: { description: "A plugin requires every plugin it imports (its manifest's requires)" }, schema: [] },
  create(context) {
    if (!relative(root, context.filename).startsWith(`plugins${sep}`)) return {};
    return relativeImportChecks(context, requiresProblem, typeOnly);
  },
};
