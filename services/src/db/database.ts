import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { preparingClient, StatementNames } from './prepared-statements';
import type { Database } from './schema';

// BIGINT (int8) columns hold coin amounts and ids well inside Number.MAX_SAFE_INTEGER: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = Kysely<Database>;

/** Defaults of the pool's and the server session's timeouts. */
export const DATABASE_TIMEOUTS = {
  /** Waiting for a connection (a new one, or a free one of a busy pool): past it the request answers 503. */
  connectionTimeoutMs: 5_000,
  /** One statement; 0 turns it off (migrations). */
  statementTimeoutMs: 15_000,
  /** A transaction left open with no statement running. */
  idleInTransactionTimeoutMs: 30_000,
} as const;

export interface DbOptions {
  max?: number;
  onIdleError?: (error: Error) => void;
  connectionTimeoutMs?: number;
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** Often-sent parameterised statements as prepared statements (prepared-statements.ts); default true. */
  preparedStatements?: boolean;
  /** Called with the text of every statement the handle runs (tests count the statements a change costs). */
  onQuery?: (sql: string) => void;
}

/** The server each database handle connects to, for a connection of its own outside the pool (LISTEN). */
const connectionStrings = new WeakMap<Db, string>();

/** The connection string a handle of `createDb` was made with (undefined for a handle made elsewhere). */
export const connectionStringOf = (db: Db): string | undefined => connectionStrings.get(db);

export function createDb(connectionString: string, options: DbOptions = {}): Db {
  const statementTimeout = options.statementTimeoutMs ?? DATABASE_TIMEOUTS.statementTimeoutMs;
  const idleTimeout = options.idleInTransactionTimeoutMs ?? DATABASE_TIMEOUTS.idleInTransactionTimeoutMs;
  const pool = new pg.Pool({
    connectionString,
    ...(options.preparedStatements !== false && { Client: preparingClient(new StatementNames()) }),
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? DATABASE_TIMEOUTS.connectionTimeoutMs,
    // Session settings sent with the start-up packet: no extra round trip per connection.
    options: `-c statement_timeout=${statementTimeout} -c idle_in_transaction_session_timeout=${idleTimeout}`,
  });
  // An idle connection can be cut by the server (restart, Ctrl-C reaching Postgres first); the pool replaces it.
  pool.on('error', (error) => options.onIdleError?.(error));
  // pg-pool listens for errors only on idle clients: a connection lost while a client is checked out between two
  // queries (a transaction awaiting other work) emitted 'error' with no listener and crashed the process (seen on
  // Ctrl-C of `npm start`, which stops the embedded server too). The holder's next query fails with the error and
  // reports it; an idle client's error is reported by the pool's listener above (so not here too).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const onQuery = options.onQuery;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(onQuery && {
      log: (event) => {
        if (event.level === 'query') onQuery(event.query.sql);
      },
    }),
  });
  connectionStrings.set(db, connectionString);
  return db;
}

export async function pingDatabase(db: Db): Promise<number> {
  const started = performance.now();
  await sql`select 1`.execute(db);
  return Math.round((performance.now() - started) * 100) / 100;
}
