/**
 * `requires` covers imports (tools/lint/requires.js, decision 0048): a plugin that imports another
 * requires it, directly or through a plugin it requires; a type-only import is left out.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the lint workspace's ESLint ships no types for this entry; only verify() is used, typed below
import { Linter } from '../../tools/lint/node_modules/eslint/lib/api.js';
import tseslint from '../../tools/lint/node_modules/typescript-eslint/dist/index.js';
import { readManifests } from '../../core/server/plugins/registry';
import requires, { pluginRequires, requiredBy, requiresInManifest, requiresProblem } from '../../tools/lint/requires.js';

/** The rule's messages on `code` as if it were the file at `file` (project-relative). */
function problems(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: process.cwd() });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        plugins: { masthead: { rules: { requires: requires as never } } },
        rules: { 'masthead/requires': 'error' },
      },
    ],
    { filename: `${process.cwd()}/${file}` },
  );
  return (messages as { message: string }[]).map((message) => message.message);
}

describe("a plugin's imports and its requires", () => {
  it('reads every manifest as the server does', async () => {
    const manifests = await readManifests(join(import.meta.dirname, '..', '..', 'plugins'));
    expect(new Map(manifests.map((manifest) => [manifest.id, manifest.requires ?? []]))).toEqual(pluginRequires());
    expect(() => requiresInManifest("definePlugin({ id: 'x', requires: ids, permissions: [] });")).toThrow(/list of plugin ids/);
  });

  it('follows requires through the plugins required', () => {
    const requires = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', []],
      ['d', []],
    ]);
    expect([...requiredBy('a', requires)]).toEqual(['a', 'b', 'c']);
    expect(requiresProblem('plugins/a/client/Page.tsx', 'plugins/c/client/public', requires)).toBeNull();
    expect(requiresProblem('plugins/a/server/routes.ts', 'plugins/a/rules', requires)).toBeNull();
    expect(requiresProblem('plugins/a/server/routes.ts', 'core/server/errors', requires)).toBeNull();
    expect(requiresProblem('plugins/a/client/Page.tsx', 'plugins/d/endpoints', requires)).toMatch(/add 'd' to requires in plugins\/a\/plugin.ts/);
    // c is required by a: c requiring a back would be a cycle, so the message says what to do instead.
    expect(requiresProblem('plugins/c/client/index.tsx', 'plugins/a/client/public', requires)).toMatch(/cycle/);
  });

  it('reports static and dynamic imports and re-exports of a plugin not required, not type-only ones', () => {
    const file = 'plugins/team/client/Example.tsx';
    const stories = '../../stories/client/public';
    expect(problems(file, `import { storyRoute } from '${stories}';`)).toHaveLength(1);
    expect(problems(file, `const page = import('${stories}');`)).toHaveLength(1);
    expect(problems(file, `export { storyRoute } from '${stories}';`)).toHaveLength(1);
    expect(problems(file, `export * from '${stories}';`)).toHaveLength(1);
    expect(problems(file, `import { type Story, storyRoute } from '${stories}';`)).toHaveLength(1);
    expect(problems(file, `import type { Story } from '${stories}';`)).toEqual([]);
    expect(problems(file, `import { type Story } from '${stories}';`)).toEqual([]);
    expect(problems(file, `export type { Story } from '${stories}';`)).toEqual([]);
    expect(problems(file, `type Page = typeof import('${stories}');`)).toEqual([]);
    // What team requires, and its own folder.
    expect(problems(file, "import { SettingsCard } from '../../settings/client/public';")).toEqual([]);
    expect(problems(file, "import manifest from '../plugin';")).toEqual([]);
    // Through a requirement: issues requires stories, which requires images.
    expect(problems('plugins/issues/client/Example.tsx', "import { imagePicker } from '../../images/client/public';")).toEqual([]);
  });
});
