/**
 * A post as each source's reader hands it to the part that takes it (take.ts), and what the
 * readers share: dates as the sources write them, and a CSV read a record at a time.
 */
import { createReadStream } from 'node:fs';
import { loadCsvParse } from '../../../../core/server/on-first-use';
import type { ImportedStatus } from '../../../stories/server/public';
import { postReasons, reason } from '../../rules';

export interface SourcePost {
  /** The source's own id: what an earlier run remembers it by. */
  id: string;
  /** Where it is in the source, as the report names it: 'post "my-post"', 'posts.csv row 7'. */
  ref: string;
  title: string;
  subtitle: string;
  /** The slug it had on its site. */
  slug: string;
  html: string;
  /** The feature image's address, '' for none. */
  image: string;
  status: ImportedStatus;
  date: Date | null;
  author: string | null;
  tags: string[];
  /** Only for paying readers (or members) on its site. */
  premium: boolean;
  /** When it went out by e-mail, null if it did not. */
  emailedAt: Date | null;
  emailSubject: string;
  /** Its address on its site below the site's root: 'my-post' (Ghost), 'p/my-post' (Substack, beehiiv). */
  oldPath: string;
  /** The name of the newsletter it went out in, when the source names one. */
  newsletterName: string | null;
  /** What the report says of it besides (a status read differently, a part left out). */
  notes: string[];
}

/** A date as the sources write it: ISO 8601, 'YYYY-MM-DD HH:MM:SS UTC', or seconds (or milliseconds) since 1970; null when unreadable. */
export function dateOf(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || /^\d{9,13}$/.test(String(value).trim())) {
    const number = Number(value);
    const date = new Date(number < 1e11 ? number * 1000 : number);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const text = String(value)
    .trim()
    .replace(/ UTC$/i, 'Z')
    .replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2');
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A CSV's cells by their header, as a spreadsheet shows it (the header is row 1). */
export interface CsvRecord {
  row: number;
  cells: Record<string, string>;
}

/** An item of the source that cannot be taken: the report names it and says why, and the rest goes on. */
export interface BadItem {
  ref: string;
  problem: string;
}

export const isBad = <T extends object>(item: T | BadItem): item is BadItem => 'problem' in item;

/**
 * The records of a CSV file, one at a time, keyed by the header's names lower-cased and trimmed;
 * a record that cannot be read (a quote not closed) is a bad item named by its line.
 */
export async function* csvRecords(file: { path: string; name: string }, signal: AbortSignal): AsyncGenerator<CsvRecord | BadItem> {
  const { parse } = await loadCsvParse();
  const parser = createReadStream(file.path).pipe(
    parse({
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      info: true,
    }),
  );
  const unreadable: BadItem[] = [];
  const seen = new Set<number | undefined>();
  parser.on('skip', (error: Error & { lines?: number; records?: number }) => {
    // One broken row may stop the parser more than once (a closing quote, then the quote it opened): no record read in between.
    if (seen.has(error.records)) return;
    seen.add(error.records);
    unreadable.push({ ref: `${file.name} line ${error.lines ?? '?'}`, problem: reason(postReasons.unreadableRow, { error: error.message }) });
  });
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { records: number } }>) {
      yield* unreadable.splice(0);
      yield { row: info.records + 1, cells: record };
      if (signal.aborted) return;
    }
    yield* unreadable.splice(0);
  } finally {
    parser.destroy();
  }
}

/** The first cell present among the names (a source's columns have had several names). */
export function cellOf(cells: Record<string, string>, ...names: string[]): string {
  for (const name of names) {
    const value = cells[name];
    if (value !== undefined && value.trim() !== '') return value.trim();
  }
  return '';
}

/** A yes of a CSV: 'true', 'TRUE', '1', 'yes'. */
export const yes = (value: string) => /^(true|1|yes|y|t)$/i.test(value.trim());
