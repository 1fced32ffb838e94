import { sql, type RawBuilder } from 'kysely';
import { asLedgerDb, type LedgerExecutor } from './engine';
import type { LedgerDb } from './repository';
import type { LedgerTables } from './table';

/*
 * Set-based inserts for the bulk paths (the ledger's bulk loader, the world generator): a table's rows sent as one
 * parameter per column (its values one a line, split by `string_to_array`, or else an array) and turned back into rows
 * by `unnest`, one statement per chunk. Measured against
 * `json_populate_recordset` (one JSON document per chunk) the server's work is the same (its cost is the indexes), the
 * client's is a third: no JSON document of every row to build.
 */

/** A null among the lines of a column's values (`string_to_array`'s null string; as COPY writes it). */
const NULL_LINE = '\\N';

/**
 * A column's values as lines (null as `NULL_LINE`), or null when one cannot be a line: a text that is empty (a single
 * empty line is no line at all to `string_to_array`), spans lines or reads as null; a value of another kind than
 * text, number, boolean or a time of a `timestamptz` column (as ISO 8601).
 */
function linesOf(values: readonly unknown[], type: string): string | null {
  const lines: string[] = new Array<string>(values.length);
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (value === null || value === undefined) lines[index] = NULL_LINE;
    else if (typeof value === 'string') {
      if (value === '' || value === NULL_LINE || value.includes('\n')) return null;
      lines[index] = value;
    } else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
      lines[index] = String(value);
    } else if (value instanceof Date && type === 'timestamp with time zone') lines[index] = value.toISOString();
    else return null;
  }
  return lines.join('\n');
}

/** Rows per statement: a few megabytes of parameters at most. */
const CHUNK_ROWS = 10_000;

interface ColumnType {
  /** The column's type as SQL names it (`bigint`, `timestamp with time zone`, `text[]`, …). */
  type: string;
  /** json or jsonb: a value is sent as its JSON text. */
  json: boolean;
  /** An array column: a value is sent as the array's literal (unnest would flatten an array of arrays). */
  array: boolean;
}

const columnTypes = new WeakMap<object, Map<string, Promise<Map<string, ColumnType>>>>();

/** The types of a table's columns, read once per database handle. */
function typesOf(db: LedgerDb, table: string): Promise<Map<string, ColumnType>> {
  const cache = columnTypes.get(db) ?? new Map<string, Promise<Map<string, ColumnType>>>();
  columnTypes.set(db, cache);
  let types = cache.get(table);
  if (!types) {
    types = sql<{ name: string; type: string; category: string }>`
      select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, t.typcategory as category
      from pg_attribute a join pg_type t on t.oid = a.atttypid
      where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped`
      .execute(db)
      .then(
        ({ rows }) =>
          new Map(
            rows.map((row) => [
              row.name,
              { type: row.type, json: row.type === 'json' || row.type === 'jsonb', array: row.category === 'A' },
            ]),
          ),
      );
    types.catch(() => cache.delete(table));
    cache.set(table, types);
  }
  return types;
}

/** A JavaScript array as PostgreSQL's array literal (every element quoted; null as NULL). */
function arrayLiteral(values: readonly unknown[]): string {
  const element = (value: unknown) =>
    value === null || value === undefined ? 'NULL' : `"${String(value).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `{${values.map(element).join(',')}}`;
}

export interface InsertOptions {
  /** Writes the ids the caller chose into an identity column. */
  overriding?: boolean;
  /** Columns the server fills in, each with its expression (`gen_random_uuid()`, `now()`). */
  computed?: Record<string, RawBuilder<unknown>>;
}

/**
 * Inserts a table's rows given column by column (every array as long as the others). A json column's values are JSON
 * texts already; an array column's values are arrays.
 */
export async function insertColumns<DB extends LedgerTables>(
  executor: LedgerExecutor<DB>,
  table: string,
  columns: Record<string, unknown[]>,
  options: InsertOptions = {},
): Promise<void> {
  const names = Object.keys(columns);
  const length = columns[names[0]!]?.length ?? 0;
  if (length === 0) return;
  const db = asLedgerDb(executor);
  const types = await typesOf(db, table);
  const typeOf = (column: string) => {
    const type = types.get(column);
    if (!type) throw new Error(`${table} has no column ${column}`);
    return type;
  };
  const computed = Object.entries(options.computed ?? {});
  const list = sql.join([...names, ...computed.map(([name]) => name)].map((column) => sql.ref(column)));
  const selected = sql.join([
    ...names.map((column) =>
      typeOf(column).array ? sql`${sql.ref(`r.${column}`)}::${sql.raw(typeOf(column).type)}` : sql.ref(`r.${column}`),
    ),
    ...computed.map(([, expression]) => expression),
  ]);
  const aliases = sql.join(names.map((column) => sql.ref(column)));
  const overriding = options.overriding ? sql`overriding system value` : sql``;
  for (let start = 0; start < length; start += CHUNK_ROWS) {
    const parameters = sql.join(
      names.map((column) => {
        const { type, array } = typeOf(column);
        const values = columns[column]!.slice(start, start + CHUNK_ROWS);
        if (array) return sql`${values.map((value) => (value ? arrayLiteral(value as unknown[]) : null))}::text[]`;
        // The values one a line, split by the server: no array literal to quote here and unquote there (for the
        // ledger's events, about half the time of a `jsonb[]` parameter).
        const lines = linesOf(values, type);
        if (lines !== null) {
          return sql`string_to_array(${lines}::text, ${'\n'}::text, ${NULL_LINE}::text)::${sql.raw(`${type}[]`)}`;
        }
        return sql`${values}::${sql.raw(`${type}[]`)}`;
      }),
    );
    await sql`
      insert into ${sql.table(table)} (${list}) ${overriding}
      select ${selected} from unnest(${parameters}) as r(${aliases})`.execute(db);
  }
}

/**
 * Inserts rows of a table in chunks, each one statement. Rows may leave optional columns out (null, as every column
 * any row names is written); a json column's value is any JSON value.
 */
export async function insertRecords<DB extends LedgerTables>(
  executor: LedgerExecutor<DB>,
  table: string,
  rows: readonly Record<string, unknown>[],
  options: InsertOptions = {},
): Promise<void> {
  if (rows.length === 0) return;
  const types = await typesOf(asLedgerDb(executor), table);
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const columns: Record<string, unknown[]> = {};
  for (const name of names) {
    const json = types.get(name)?.json ?? false;
    columns[name] = rows.map((row) => {
      const value = row[name];
      if (value === undefined || value === null) return null;
      return json ? JSON.stringify(value) : value;
    });
  }
  await insertColumns(executor, table, columns, options);
}
