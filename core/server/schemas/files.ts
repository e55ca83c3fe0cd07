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
