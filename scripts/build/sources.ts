/**
 * What a build is made from, as one hash: `npm start` rebuilds the console or the server only
 * when the hash of its sources differs from the one written beside the last build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A file or folder of the project, or every folder matching `plugins/*\/client` (one `*` per segment). */
export type SourcePattern = string;

const ignored = new Set(['node_modules', '.git']);

/** The files the patterns name, relative to root, sorted. */
export function sourceFiles(root: string, patterns: SourcePattern[]): string[] {
  const files = new Set<string>();
  for (const pattern of patterns) {
    for (const path of expand(root, pattern.split('/'))) for (const file of walk(path)) files.add(relative(root, file));
  }
  return [...files].sort();
}

/** One hash of the files' names and contents. */
export function hashSources(root: string, patterns: SourcePattern[]): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles(root, patterns)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The hash a build left in its folder, if any. */
export function builtHash(stampFile: string): string | undefined {
  return existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : undefined;
}

export function writeBuiltHash(stampFile: string, hash: string): void {
  writeFileSync(stampFile, `${hash}\n`);
}

function expand(dir: string, segments: string[]): string[] {
  if (segments.length === 0) return existsSync(dir) ? [dir] : [];
  const [head, ...rest] = segments;
  if (!head!.includes('*')) return expand(join(dir, head!), rest);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  const matcher = new RegExp(`^${head!.split('*').map(escape).join('[^/]*')}$`);
  return readdirSync(dir)
    .filter((name) => matcher.test(name) && !ignored.has(name))
    .flatMap((name) => expand(join(dir, name), rest));
}

function walk(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => !ignored.has(name))
    .flatMap((name) => walk(join(path, name)));
}

function escape(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
