import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

// BIGINT (int8) columns hold coin amounts and ids well inside Number.MAX_SAFE_INTEGER: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = Kysely<Database>;

export function createDb(
  connectionString: string,
  options: { max?: number; onIdleError?: (error: Error) => void } = {},
): Db {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle connection can be cut by the server (restart, Ctrl-C reaching Postgres first); the pool replaces it.
  pool.on('error', (error) => options.onIdleError?.(error));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function pingDatabase(db: Db): Promise<number> {
  const started = performance.now();
  await sql`select 1`.execute(db);
  return Math.round((performance.now() - started) * 100) / 100;
}
