import { CompiledQuery, type Kysely } from 'kysely';
import type { LedgerTables } from './table';

// The ledger's SQL functions (migrations ledger_read, ledger_append, ledger_append_as_read, ledger_append_group), each
// called as a named statement.

/**
 * A statement the server parses and plans once per connection: pg sends a named statement's Parse only the first
 * time a connection runs it (kysely sends unnamed statements, parsed and planned on every call). pg takes a query
 * config object (`{ name, text }`) wherever it takes the text, and kysely hands `sql` to pg untouched; `toString`
 * keeps the text readable to kysely's query log.
 */
export class NamedStatement {
  readonly text: string;
  constructor(
    readonly name: string,
    functionName: string,
    casts: string[],
  ) {
    this.text = `select ${functionName}(${casts.map((cast, index) => `$${index + 1}${cast}`).join(', ')}) as result`;
  }
  toString(): string {
    return this.text;
  }
}

const parameters = (count: number) => Array.from({ length: count }, () => '');
export const READ = new NamedStatement('fanmission_ledger_read', 'ledger_read', parameters(10));
export const APPEND = new NamedStatement('fanmission_ledger_append', 'ledger_append', parameters(20));
export const APPEND_AS_READ = new NamedStatement('fanmission_ledger_append_as_read', 'ledger_append_as_read', [
  '',
  '::jsonb',
  ...parameters(20),
]);

export const APPEND_GROUP = new NamedStatement('fanmission_ledger_append_group', 'ledger_append_group', parameters(24));

export async function executeNamed<R>(
  db: Kysely<LedgerTables>,
  statement: NamedStatement,
  values: unknown[],
): Promise<R> {
  const { rows } = await db.executeQuery<{ result: R }>(CompiledQuery.raw(statement as unknown as string, values));
  return rows[0]!.result;
}
