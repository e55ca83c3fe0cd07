/**
 * What `npm run build` makes: the console (Vite, into dist/) and the compiled server (esbuild,
 * into dist-server/). Each part writes the hash of its sources beside its output, so `npm start`
 * builds only a part whose sources changed since.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, serverSources } from './server';
import { builtHash, hashSources, writeBuiltHash } from './sources';

export const projectRoot = join(import.meta.dirname, '..', '..');

export interface BuildPart {
  name: 'console' | 'server';
  outDir: string;
  /** Files and folders of the project it is made from (`*` matches one folder name). */
  sources: string[];
  build(options: { quiet: boolean }): Promise<void>;
}

export const consolePart: BuildPart = {
  name: 'console',
  outDir: join(projectRoot, 'dist'),
  sources: [
    'core/client',
    'core/shared',
    'core/server/plugins',
    'core/server/schemas',
    'plugins/*/client',
    'plugins/*/*.ts',
    'config',
    'schemas',
    'public',
    'index.html',
    'vite.config.ts',
    'package-lock.json',
    'tsconfig.json',
    'scripts/build',
  ],
  async build({ quiet }) {
    const { build } = await import('vite');
    // The config is TypeScript that this script already runs: given inline, Vite does not bundle
    // it again to load it (nor warn about its loaders to come).
    const { default: config } = await import('../../vite.config');
    await build({ ...config, configFile: false, root: projectRoot, logLevel: quiet ? 'warn' : 'info' });
  },
};

export const serverPart: BuildPart = {
  name: 'server',
  outDir: join(projectRoot, 'dist-server'),
  sources: serverSources,
  build: () => buildServer(projectRoot, serverPart.outDir),
};

/** Builds the part, or, with onlyIfChanged, only when its sources differ from its last build's. Answers whether it built. */
export async function buildPart(part: BuildPart, { onlyIfChanged = false, quiet = false } = {}): Promise<boolean> {
  // A dotfile: @fastify/static does not serve it.
  const stamp = join(part.outDir, '.sources-hash');
  const hash = hashSources(projectRoot, part.sources);
  if (onlyIfChanged && builtHash(stamp) === hash) return false;
  rmSync(stamp, { force: true });
  await part.build({ quiet });
  writeBuiltHash(stamp, hash);
  return true;
}
