/**
 * The Nu HTML Checker (vnu-jar from the npm registry, run by the machine's Java) over documents
 * given as strings: one Java start for them all, since it takes about a second. Answers each
 * document's errors (warnings are left out), by the name it was given; `allowed` drops the errors
 * a test accepts (the Outlook markup an e-mail needs), matched against the message.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CheckerMessage {
  type: string;
  subType?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

const jar = String(createRequire(import.meta.url)('vnu-jar'));

/** The errors of each document, by name: an empty list for a valid one. */
export async function htmlErrors(documents: Record<string, string>, allowed: RegExp[] = []): Promise<Record<string, CheckerMessage[]>> {
  const folder = await mkdtemp(join(tmpdir(), 'vnu-'));
  try {
    const names = Object.keys(documents);
    const files = names.map((_, index) => join(folder, `${index}.html`));
    await Promise.all(files.map((file, index) => writeFile(file, documents[names[index]!]!)));
    const output = await new Promise<string>((resolve, reject) => {
      // vnu exits with 1 when it found errors: the report is in its output either way.
      execFile(
        'java',
        // A short run: the quick compiler alone and one garbage collector took half the CPU the JVM's
        // defaults took (its optimizing compiler worked for a run about to end). The quick
        // compiler's code needs a deeper stack for the checker's HTML schema.
        ['-Xss8m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', jar, '--format', 'json', '--errors-only', '--exit-zero-always', ...files],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) =>
          error ? reject(new Error(`The Nu HTML Checker did not run (is Java installed?): ${error.message}`)) : resolve(stderr || stdout),
      );
    });
    const report = JSON.parse(output) as { messages: (CheckerMessage & { url: string })[] };
    const found: Record<string, CheckerMessage[]> = Object.fromEntries(names.map((name) => [name, []]));
    for (const { url, ...message } of report.messages) {
      if (message.type !== 'error' && message.subType !== 'fatal') continue;
      if (allowed.some((pattern) => pattern.test(message.message))) continue;
      const index = files.findIndex((file) => url.endsWith(`/${file.split('/').pop()}`));
      found[names[index] ?? url]!.push(message);
    }
    return found;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The Outlook markup an HTML e-mail needs, which the checker calls errors. */
export const emailAllowances: RegExp[] = [/xmlns:v/, /xmlns:o/, /mso-/i, /supported-color-schemes/, /color-scheme/];
