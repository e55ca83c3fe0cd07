/**
 * A CSV cell as it may leave, on either side (core/server/csv.ts for the server's exports,
 * core/client/csv.ts for what the console writes itself): a spreadsheet runs a cell that starts
 * like a formula, so such a cell gets a single quote in front (OWASP's CSV injection guidance).
 */

/**
 * What a spreadsheet takes for the start of a formula: = + - @, a tab or a carriage return, and
 * the full-width = + - @ that some spreadsheets fold into the same.
 */
const formulaStart = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A cell as it may leave in a CSV file: text that could start a formula gets a leading quote. */
export function neutraliseCsvCell(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}
