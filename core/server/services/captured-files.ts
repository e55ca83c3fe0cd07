/**
 * The outboxes of the adapters that have no provider to hand a message to (the mail in
 * DATA_DIR/outbox, the push notifications in DATA_DIR/push-outbox): a folder of JSON files, one a
 * message, named by the time it was captured and then its id, so that the names sort oldest to
 * newest (plugins/outbox/server/outbox-files.ts reads the mail's a page at a time by them).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What every captured message carries: its id and the ISO time it was captured. */
export interface Captured {
  id: string;
  date: string;
}

/** Writes a captured message in the folder, as JSON indented by `space` (none unless told). */
export function writeCaptured(dir: string, entry: Captured, space?: number): void {
  writeFileSync(join(dir, `${entry.date.replace(/[:.]/g, '-')}-${entry.id}.json`), JSON.stringify(entry, null, space));
}

/** The messages captured in the folder, newest first; none when nothing was ever captured (no folder). */
export function readCaptured<T extends Captured>(dir: string): T[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T);
}
