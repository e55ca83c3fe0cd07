/**
 * Reading the CSV files of an import as streams (csv-parse's stream API): the header alone, to
 * tell what a file is, and then its records one at a time with their row numbers as a spreadsheet
 * shows them (the header is row 1). A record that cannot be read is reported and the rest go on.
 */
import { createReadStream } from 'node:fs';
import type { Info } from 'csv-parse';
import { loadCsvParse } from '../../../core/server/on-first-use';
import type { ImportFile } from './contract';

/** A header cell as the readers name columns: lower case, words joined by '_' ('Email Address' is email_address). */
export const columnName = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The first row's cells of a CSV file (null for a file that does not read as CSV); reads only the file's start. */
export async function csvHeader(path: string): Promise<string[] | null> {
  const { parse } = await loadCsvParse();
  const parser = createReadStream(path, { end: 256 * 1024 }).pipe(parse({ bom: true, to_line: 1, relax_column_count: true, relax_quotes: true }));
  try {
    for await (const record of parser as AsyncIterable<string[]>) return record.map((cell) => cell.trim());
    return null;
  } catch {
    return null;
  } finally {
    parser.destroy();
  }
}

export type CsvRecord = { row: number; cells: Record<string, string> } | { row: number; error: string };

/**
 * The file's records after its header, keyed by column name (columnName). `read` learns how many
 * bytes were read as they are, for the import's progress.
 */
export async function* csvRecords(file: ImportFile, signal: AbortSignal, read: (bytes: number) => void): AsyncGenerator<CsvRecord> {
  const source = createReadStream(file.path);
  source.on('data', (chunk) => read(chunk.length));
  const skipped: CsvRecord[] = [];
  const { parse } = await loadCsvParse();
  const parser = source.pipe(
    parse({
      bom: true,
      columns: (header: string[]) => header.map(columnName),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      info: true,
    }),
  );
  parser.on('skip', (error: { lines?: number; message: string }) => skipped.push({ row: error.lines ?? 0, error: error.message }));
  const abort = () => parser.destroy(signal.reason as Error);
  signal.addEventListener('abort', abort, { once: true });
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: Info }>) {
      yield* skipped.splice(0);
      yield { row: info.lines, cells: record };
    }
    yield* skipped.splice(0);
  } finally {
    signal.removeEventListener('abort', abort);
    source.destroy();
  }
}
