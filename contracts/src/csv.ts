/*
 * The one CSV writer of the product: the API's statements and transfer file and the console's list exports all write
 * through it (docs/rules/security.md, CSV files).
 *
 * - A cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return would be read by a spreadsheet as a formula
 *   (`=HYPERLINK(…)`, DDE): it is written with a leading `'`, so the spreadsheet shows it as text (OWASP's rule for
 *   CSV injection). A number is written as a number.
 * - A cell holding `"`, `,`, CR or LF is quoted, its quotes doubled (RFC 4180); records end in CRLF.
 * - UTF-8 with a byte order mark, so that Excel reads Korean and Japanese text as UTF-8.
 */

/** A cell's value: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as written: formula-looking text prefixed with `'`, then quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file: the byte order mark, then each record's cells, CRLF after each record. */
export function csvDocument(records: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${records.map((record) => record.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
