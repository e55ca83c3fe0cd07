/**
 * CSV the console writes itself (a chart's numbers): the server's conventions (core/server/csv.ts),
 * without its library in the browser. Every cell neutralised (core/shared/csv-cell.ts), then quoted
 * where CSV needs it; lines end in CRLF (RFC 4180), and the file starts with a byte-order mark so
 * that spreadsheets read 'Kasım' as UTF-8.
 */
import { neutraliseCsvCell } from '../shared/csv-cell';

const needsQuotes = /[",\r\n]/;

function csvCell(value: string): string {
  const cell = neutraliseCsvCell(value);
  return needsQuotes.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Rows as CSV text, each line ending in CRLF. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

/** Saves rows as a CSV file through the browser's download. */
export function downloadCsv(filename: string, rows: readonly (readonly string[])[]): void {
  saveFile(filename, new Blob(['\uFEFF', csvText(rows)], { type: 'text/csv;charset=utf-8' }));
}

/** Hands the browser a file made here, under `filename`. */
export function saveFile(filename: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
