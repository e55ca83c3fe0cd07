/** The JSON Schemas of schemas/, read from disk, keyed by their $id (e.g. 'api/login'). */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const schemasDir = join(import.meta.dirname, '..', '..', '..', 'schemas');

export interface SchemaFile {
  id: string;
  file: string;
  schema: Record<string, unknown>;
}

export function readSchemaFiles(dir = schemasDir, extraDirs: string[] = []): SchemaFile[] {
  return [dir, ...extraDirs].flatMap((root) =>
    walk(root).map((file) => {
      const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const id = String(schema.$id ?? relative(root, file).replace(/\.schema\.json$/, ''));
      return { id, file, schema };
    }),
  );
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : walk(path);
    return entry.name.endsWith('.schema.json') ? [path] : [];
  });
}

/**
 * A copy of a schema with every `$ref` replaced by what it points at, read as ajv reads it
 * (relative to the `$id` of the schema it stands in). The serializer (fast-json-stringify) finds a
 * schema by its whole `$id` only; ours refer to each other relatively ('pen-name' in entities/story).
 */
export function inlineReferences(schema: unknown, byId: ReadonlyMap<string, unknown>): unknown {
  const inline = (node: unknown, base: string, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => inline(item, base, seen));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    if (typeof $ref !== 'string') return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(value, base, seen)]));
    const url = new URL($ref, `schema:/${base}`);
    const id = url.pathname.slice(1);
    const target = `${id}${url.hash}`;
    if (seen.includes(target)) throw new Error(`schema ${base}: the reference ${$ref} points back at itself`);
    const root = byId.get(id);
    if (root === undefined) throw new Error(`schema ${base}: the reference ${$ref} names no schema`);
    const pointed = url.hash
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')], root);
    if (pointed === undefined) throw new Error(`schema ${base}: the reference ${$ref} names no part of ${id}`);
    // Its $id would be a second schema of that name inside this one.
    const { $id: _id, $schema: _schema, ...inlined } = inline(pointed, id, [...seen, target]) as Record<string, unknown>;
    return inlined;
  };
  return inline(schema, '', []);
}
