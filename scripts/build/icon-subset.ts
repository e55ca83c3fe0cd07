/**
 * The icons the console uses, and only those: `import subsets from 'virtual:masthead-icons'` is
 * the MDL2 icon font's name-to-glyph map cut down to the names that appear as string literals in
 * our client sources, manifests and config, or in Fluent UI's own components. Fluent's
 * initializeIcons() registers all 1,800 (some 20 KB of gzip in the first script); a plugin's new
 * icon is picked up by the next build without a list to keep. Used by vite.config.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const id = 'virtual:masthead-icons';
const resolvedId = `\0${id}`;

/** Where icon names are written: ours (menus, actions, pages) and Fluent's (chevrons, clear, reveal). */
const scanned = [
  { dir: 'core/client', file: /\.tsx?$/ },
  { dir: 'core/shared', file: /\.ts$/ },
  { dir: 'plugins', file: /\.(tsx?|json)$/, skip: /\/server\// },
  { dir: 'config', file: /\.json$/ },
  { dir: 'node_modules/@fluentui/react/lib', file: /\.js$/ },
];

export interface IconSubset {
  fontFamily: string;
  /** The subset's font file, served from /fonts/. */
  file: string;
  icons: Record<string, string>;
}

function filesUnder(dir: string, file: RegExp, skip?: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => file.test(path) && !skip?.test(path));
}

/** Every subset of @fluentui/font-icons-mdl2 as its font and its name-to-glyph map. */
function fontSubsets(root: string): IconSubset[] {
  const lib = join(root, 'node_modules/@fluentui/font-icons-mdl2/lib');
  return readdirSync(lib)
    .filter((name) => /^fabric-icons(-\d+)?\.js$/.test(name))
    .map((name) => {
      const code = readFileSync(join(lib, name), 'utf8');
      const fontFamily = /fontFamily: "\\"([^"\\]+)\\""/.exec(code)?.[1];
      const file = /"(fabric-icons[\w-]*\.woff)'\)/.exec(code)?.[1];
      if (!fontFamily || !file) throw new Error(`${name}: not the icon subset layout this build reads`);
      const icons = Object.fromEntries(
        [...code.matchAll(/^\s*'?(\w+)'?: '\\u([0-9A-F]{4})'/gm)].map(([, icon, glyph]) => [icon!, String.fromCharCode(parseInt(glyph!, 16))]),
      );
      return { fontFamily, file, icons };
    });
}

/** The subsets cut down to the icons whose names (any case, as Fluent looks them up) appear in the scanned sources. */
export function usedIconSubsets(root: string): IconSubset[] {
  const subsets = fontSubsets(root);
  const known = new Set(subsets.flatMap((subset) => Object.keys(subset.icons).map((icon) => icon.toLowerCase())));
  const used = new Set<string>();
  for (const { dir, file, skip } of scanned) {
    for (const path of filesUnder(join(root, dir), file, skip)) {
      for (const [, literal] of readFileSync(path, 'utf8').matchAll(/["'`](\w+)["'`]/g)) {
        if (known.has(literal!.toLowerCase())) used.add(literal!.toLowerCase());
      }
    }
  }
  return subsets
    .map((subset) => ({ ...subset, icons: Object.fromEntries(Object.entries(subset.icons).filter(([icon]) => used.has(icon.toLowerCase()))) }))
    .filter((subset) => Object.keys(subset.icons).length > 0);
}

export function iconSubset(root: string): Plugin {
  return {
    name: 'masthead-icon-subset',
    resolveId: (source) => (source === id ? resolvedId : null),
    load(loaded) {
      if (loaded !== resolvedId) return null;
      return `export default ${JSON.stringify(usedIconSubsets(root))};`;
    },
    // The dev server: an edited source may name a new icon; the next page load registers it.
    handleHotUpdate({ server }) {
      const module = server.moduleGraph.getModuleById(resolvedId);
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}
