import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Failed password checks, per account and per client address (services/src/auth/login-throttle.ts): past a number of
// free failures, the key must wait before its next attempt, twice as long after each further failure. Successful
// logins are not counted. A key is forgotten an hour after its last failure.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_failures (
      key text primary key,
      failures integer not null,
      last_failure_at timestamptz not null,
      retry_at timestamptz
    )`.execute(db);
  await sql`create index login_failures_last on login_failures (last_failure_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table login_failures`.execute(db);
}
