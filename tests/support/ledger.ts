import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { expect } from 'vitest';
import { isLedgerError, type LedgerErrorCode, type LedgerProblem } from '@fanmission/ledger';

/** Test support for the ledger's DB tests: members straight in `users`, unique keys, refusal assertions. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

let members = 0;

export async function createMember(
  db: AnyDb,
  options: { creator?: boolean; coinsFrozenAt?: Date } = {},
): Promise<number> {
  members += 1;
  const roles = options.creator || options.coinsFrozenAt ? ['ROLE_USER', 'ROLE_CREATOR'] : ['ROLE_USER'];
  const { rows } = await sql<{ id: unknown }>`
    insert into users (username, provider, password_hash, roles, coins_frozen_at)
    values (${`member${members}`}, 'local', 'not-a-real-hash', ${roles}::text[], ${options.coinsFrozenAt ?? null})
    returning id`.execute(db);
  return Number(rows[0]!.id);
}

export async function createMembers(db: AnyDb, count: number): Promise<number[]> {
  const { rows } = await sql<{ id: unknown }>`
    insert into users (username, provider, password_hash, roles)
    select 'bulk' || n, 'local', 'not-a-real-hash', array['ROLE_USER'] from generate_series(1, ${count}::int) as n
    returning id`.execute(db);
  return rows.map((row) => Number(row.id));
}

/** A fresh idempotency key per call. */
export const newKey = (label = 'key') => `${label}-${randomUUID()}`;

let ids = 1_000;
/** Fresh mission, creator or payment numbers for a test. */
export const nextId = () => ++ids;

/** Awaits a promise that must fail with the given ledger error code; returns its details. */
export async function refusal<C extends LedgerErrorCode>(
  promise: Promise<unknown>,
  code: C,
): Promise<Extract<LedgerProblem, { code: C }>> {
  try {
    await promise;
  } catch (error) {
    if (isLedgerError(error, code)) return error.details;
    throw error;
  }
  expect.fail(`expected a ${code} refusal, but the operation succeeded`);
}

export const days = (n: number) => n * 24 * 60 * 60 * 1000;
export const after = (date: Date, ms: number) => new Date(date.getTime() + ms);

/**
 * The payload the trigger of ledger_transactions (migration 0009) builds for a transaction, from the stored rows: what
 * every outbox row a ledger function writes itself must equal.
 */
export async function triggerPayload(db: AnyDb, transactionId: number): Promise<unknown> {
  const { rows } = await sql<{ payload: unknown }>`
    select jsonb_build_object(
      'transactionId', t.id,
      'transactionType', t.type,
      'idempotencyKey', t.idempotency_key,
      'occurredAt', to_char(t.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'postings', (
        select coalesce(jsonb_agg(jsonb_build_object('account', p.account, 'amount', p.amount)
                                  order by p.account collate "C"), '[]')
        from ledger_postings as p where p.transaction_id = t.id),
      'metadata', t.metadata) as payload
    from ledger_transactions t where t.id = ${transactionId}`.execute(db);
  return rows[0]!.payload;
}

/** Runs a statement the ledger's append-only triggers refuse (replication role): test tampering only. */
export async function tamperWithLedger(db: AnyDb, statement: RawBuilder<unknown>): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`set session_replication_role = replica`.execute(connection);
    try {
      await statement.execute(connection);
    } finally {
      await sql`set session_replication_role = origin`.execute(connection);
    }
  });
}
