import { csvDocument, type CsvValue } from '@fanmission/contracts';
import { downloadCSV, type Exporter } from 'react-admin';

/*
 * The console lists' "Export" button: the records of the list as CSV, written by the product's one CSV writer
 * (`csvDocument`, contracts/src/csv.ts), so that a member-typed text (a nickname, a holder, a comment) that starts
 * like a formula is exported as text.
 */

/** A field as one cell: nested objects become dotted columns, arrays one cell, booleans and nulls as words. */
function flatten(value: unknown, column: string, into: Map<string, CsvValue>): void {
  if (value === null || value === undefined) into.set(column, null);
  else if (typeof value === 'number' || typeof value === 'string') into.set(column, value);
  else if (typeof value === 'boolean' || typeof value === 'bigint') into.set(column, String(value));
  else if (Array.isArray(value)) {
    into.set(
      column,
      value.every((item) => item === null || typeof item !== 'object')
        ? value.map((item) => String(item ?? '')).join('; ')
        : JSON.stringify(value),
    );
  } else if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, column ? `${column}.${key}` : key, into);
  }
}

/** The records as a CSV file: one column per field any record has, in the order they first appear. */
export function consoleCsv(records: readonly object[]): string {
  const rows = records.map((record) => {
    const cells = new Map<string, CsvValue>();
    flatten(record, '', cells);
    return cells;
  });
  const columns = [...new Set(rows.flatMap((row) => [...row.keys()]))];
  return csvDocument([columns, ...rows.map((row) => columns.map((column) => row.get(column) ?? null))]);
}

export const consoleExporter: Exporter = (records, _fetchRelated, _dataProvider, resource) =>
  downloadCSV(consoleCsv(records as object[]), resource);
