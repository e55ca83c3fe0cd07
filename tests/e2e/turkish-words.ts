/**
 * Prints every part's Turkish words as one JSON object (English → Turkish), for the journeys
 * (tests/e2e/languages.ts): run through tsx, which loads the catalogs' own imports (the
 * configuration's JSON) as the console's build does, unlike the journeys' module loader.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const files = [
  join(root, 'core/client/words.tr.ts'),
  ...readdirSync(join(root, 'plugins')).map((name) => join(root, 'plugins', name, 'client', 'words.tr.ts')),
].filter((file) => existsSync(file));
const words: Record<string, string> = {};
for (const file of files) Object.assign(words, ((await import(file)) as { default: Record<string, string> }).default);
process.stdout.write(JSON.stringify(words));
