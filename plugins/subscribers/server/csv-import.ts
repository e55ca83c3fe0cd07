/**
 * Reading a subscribers CSV: a header row naming email (required), name and city in any order and
 * any case, then one subscriber a row. Every row is checked before anything is stored, and every
 * problem is reported with its row number as the spreadsheet shows it (the header is row 1), so
 * the file can be fixed in one go; one problem refuses the whole file.
 */
import { onFirstUse } from '../../../core/server/on-first-use';
import { constants } from '../../../core/shared/config';
import type { ValidationDetail } from '../../../core/shared/validation-details';
import type { NewSubscriber } from './store';

export const columns = ['email', 'name', 'city'] as const;

export const messages = {
  missingFile: 'Choose a CSV file to import.',
  tooLarge: `The CSV file must be smaller than ${constants.limits.subscribersCsvMaxBytes / 1024 / 1024}MB.`,
  notCsv: 'You can only import a CSV file!',
  noEmailColumn: 'The CSV file needs an email column.',
  noRows: 'The CSV file has no subscribers.',
  invalidEmail: 'Email is not valid.',
  repeated: (firstRow: number) => `Email is repeated (first on row ${firstRow}).`,
  tooLong: (field: string, max: number) => `${field} is longer than ${max} characters.`,
  moreErrors: (count: number) => `${count} more rows have errors.`,
} as const;

/** Practical limits of the columns (an address at most 254 characters, RFC 5321); the subscribe forms use them too. */
export const maxLength = { email: 254, name: 200, city: 100 } as const;
export const emailPattern = /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;.]{2,}$/;

export type CsvResult = { ok: true; rows: NewSubscriber[] } | { ok: false; details: ValidationDetail[] };

const fileProblem = (message: string): CsvResult => ({ ok: false, details: [{ message, path: 'file' }] });

/** csv-parse's parser of a whole text, loaded with the first file. */
const loadParse = onFirstUse(async () => (await import('csv-parse/sync')).parse);

export async function readSubscribersCsv(buffer: Buffer): Promise<CsvResult> {
  // A spreadsheet saves text; a NUL byte or broken UTF-8 means some other kind of file.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(buffer);
  if (buffer.includes(0) || text.includes('\uFFFD')) return fileProblem(messages.notCsv);
  const parse = await loadParse();
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, delimiter: detectDelimiter(text) });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return fileProblem(line ? `Row ${line}: ${messages.notCsv}` : messages.notCsv);
  }
  const [header, ...body] = records;
  if (!header) return fileProblem(messages.noRows);
  const position = Object.fromEntries(columns.map((column) => [column, header.findIndex((cell) => cell.trim().toLowerCase() === column)])) as Record<
    (typeof columns)[number],
    number
  >;
  if (position.email < 0) return fileProblem(messages.noEmailColumn);
  if (body.length === 0) return fileProblem(messages.noRows);

  const details: ValidationDetail[] = [];
  const firstRowOf = new Map<string, number>();
  const rows: NewSubscriber[] = [];
  body.forEach((record, index) => {
    const row = index + 2;
    const cell = (column: (typeof columns)[number]) => (position[column] >= 0 ? (record[position[column]] ?? '').trim() : '');
    const subscriber = { email: cell('email').toLowerCase(), name: cell('name'), city: cell('city') };
    const problem = problemOf(subscriber, firstRowOf);
    if (problem) details.push({ message: `Row ${row}: ${problem}`, path: `row/${row}` });
    else firstRowOf.set(subscriber.email, row);
    rows.push(subscriber);
  });
  if (details.length === 0) return { ok: true, rows };
  const shown = constants.limits.subscribersCsvErrorsShown;
  if (details.length <= shown) return { ok: false, details };
  return { ok: false, details: [...details.slice(0, shown), { message: messages.moreErrors(details.length - shown), path: 'file' }] };
}

function problemOf(subscriber: NewSubscriber, firstRowOf: Map<string, number>): string | undefined {
  if (subscriber.email.length > maxLength.email || !emailPattern.test(subscriber.email)) return messages.invalidEmail;
  const first = firstRowOf.get(subscriber.email);
  if (first) return messages.repeated(first);
  if (subscriber.name.length > maxLength.name) return messages.tooLong('Name', maxLength.name);
  if (subscriber.city.length > maxLength.city) return messages.tooLong('City', maxLength.city);
  return undefined;
}

/** Spreadsheets in Turkish (and much of Europe) save CSV with semicolons: the header line tells. */
function detectDelimiter(text: string): string {
  const headerLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return (headerLine.match(/;/g)?.length ?? 0) > (headerLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}
