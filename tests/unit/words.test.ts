/**
 * The console's words (core/client/words.ts): every text the code puts through `t` as a literal has
 * its Turkish, with the same placeholders, and no Turkish is written twice differently.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function sourcesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sourcesUnder(path));
    else if (/\.(ts|tsx)$/.test(name) && !/^words(\.\w+)?\.ts$/.test(name)) found.push(path);
  }
  return found;
}

const clientDirs = [join(root, 'core/client'), ...readdirSync(join(root, 'plugins')).map((name) => join(root, 'plugins', name, 'client'))].filter((dir) => {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
});

/** The first argument of every `t('…')`, `t("…")` and `t(`…`)` without an expression inside. */
function literalKeys(source: string): string[] {
  const keys: string[] = [];
  const call = /\bt(?:Maybe)?\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`)/g;
  for (const match of source.matchAll(call)) {
    const raw = match[1] ?? match[2] ?? match[3] ?? '';
    keys.push(raw.replace(/\\(['"`\\])/g, '$1').replace(/\\n/g, '\n'));
  }
  return keys;
}

async function turkish(): Promise<Map<string, { value: string; file: string }[]>> {
  const all = new Map<string, { value: string; file: string }[]>();
  for (const dir of clientDirs) {
    const file = join(dir, 'words.tr.ts');
    try {
      statSync(file);
    } catch {
      continue;
    }
    const words = ((await import(file)) as { default: Record<string, string> }).default;
    for (const [key, value] of Object.entries(words)) all.set(key, [...(all.get(key) ?? []), { value, file: relative(root, file) }]);
  }
  return all;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the console's words", () => {
  it('every literal text put through t has its Turkish', async () => {
    const words = await turkish();
    const missing: string[] = [];
    for (const dir of clientDirs) {
      for (const file of sourcesUnder(dir)) {
        for (const key of literalKeys(readFileSync(file, 'utf8'))) {
          if (!words.has(key)) missing.push(`${relative(root, file)}: ${JSON.stringify(key)}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("every reason an import's report gives has its Turkish (the page reads the ones with values by their patterns)", async () => {
    const words = await turkish();
    const { fileReasons, memberReasons, postReasons } = await import('../../plugins/imports/rules');
    const missing = [...Object.values(postReasons), ...Object.values(memberReasons), ...Object.values(fileReasons)].filter((reason) => !words.has(reason));
    expect(missing).toEqual([]);
  });

  it('a translation keeps the placeholders of its text, and is not empty', async () => {
    const wrong: string[] = [];
    for (const [key, entries] of await turkish()) {
      for (const { value, file } of entries) {
        if (!value.trim() || placeholders(value).join() !== placeholders(key).join()) wrong.push(`${file}: ${JSON.stringify(key)} → ${JSON.stringify(value)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a text is translated once: a text more than one part writes is in the core's catalog alone", async () => {
    const twice: string[] = [];
    for (const [key, entries] of await turkish()) {
      if (entries.length > 1) twice.push(`${JSON.stringify(key)}: ${entries.map((entry) => entry.file).join(', ')}`);
    }
    expect(twice).toEqual([]);
  });
});
