import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../scripts/schemas';

describe('types generated from schemas/', () => {
  it('are up to date (run `npm run schemas` after changing a schema)', async () => {
    const stale: string[] = [];
    for (const [path, content] of await generateTypes()) {
      let committed = '';
      try {
        committed = readFileSync(path, 'utf8');
      } catch {
        // missing counts as stale
      }
      if (committed !== content) stale.push(path);
    }
    expect(stale).toEqual([]);
  });
});
