/**
 * `npm start` builds only what changed: each part of the build is stamped with the hash of its
 * sources, and the start script runs the compiled server the way the bench and the memory test do.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPart, projectRoot, type BuildPart } from '../../scripts/build/parts';
import { startCommand } from '../../scripts/build/production';
import { hashSources, sourceFiles } from '../../scripts/build/sources';

const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'masthead-build-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = tempFolder();
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe('the sources of a build', () => {
  it('are the files the patterns name, a star matching one folder', () => {
    const root = project({ 'plugins/a/client/index.tsx': '1', 'plugins/a/server/index.ts': '2', 'plugins/b/client/page.tsx': '3', 'index.html': '4' });
    expect(sourceFiles(root, ['plugins/*/client', 'index.html', 'missing'])).toEqual(['index.html', 'plugins/a/client/index.tsx', 'plugins/b/client/page.tsx']);
  });

  it('hash the same until a file changes, appears or is renamed', () => {
    const root = project({ 'core/a.ts': 'a', 'core/b.ts': 'b' });
    const first = hashSources(root, ['core']);
    expect(hashSources(root, ['core'])).toBe(first);
    writeFileSync(join(root, 'core/b.ts'), 'B');
    const changed = hashSources(root, ['core']);
    expect(changed).not.toBe(first);
    writeFileSync(join(root, 'core/c.ts'), '');
    const added = hashSources(root, ['core']);
    expect(added).not.toBe(changed);
    rmSync(join(root, 'core/c.ts'));
    writeFileSync(join(root, 'core/d.ts'), '');
    expect(hashSources(root, ['core'])).not.toBe(added);
  });
});

describe('building a part', () => {
  const countingPart = (outDir: string) => {
    const part: BuildPart & { builds: number } = {
      name: 'server',
      outDir,
      sources: ['config'],
      builds: 0,
      async build() {
        part.builds += 1;
        mkdirSync(outDir, { recursive: true });
      },
    };
    return part;
  };

  it('is skipped when asked to build only what changed and the sources are those of the last build', async () => {
    const part = countingPart(join(tempFolder(), 'out'));
    expect(await buildPart(part, { onlyIfChanged: true })).toBe(true);
    expect(await buildPart(part, { onlyIfChanged: true })).toBe(false);
    expect(part.builds).toBe(1);
    expect(readFileSync(join(part.outDir, '.sources-hash'), 'utf8').trim()).toBe(hashSources(projectRoot, ['config']));
  });

  it('happens when the stamp is from other sources, and always without --if-changed', async () => {
    const part = countingPart(join(tempFolder(), 'out'));
    await buildPart(part);
    writeFileSync(join(part.outDir, '.sources-hash'), 'an older build\n');
    expect(await buildPart(part, { onlyIfChanged: true })).toBe(true);
    expect(await buildPart(part)).toBe(true);
    expect(part.builds).toBe(3);
  });
});

it('npm start runs the compiled server as production.ts says', () => {
  const scripts = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).scripts as Record<string, string>;
  expect(scripts.start).toBe(`tsx scripts/build.ts --if-changed && ${startCommand}`);
});
