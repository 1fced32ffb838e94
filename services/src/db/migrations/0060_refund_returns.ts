import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A refund request finance refuses gives the fan his coins back: a REFUND_RETURN ledger transaction reverses the
// request's PURCHASE_WITHDRAWAL or PARTIAL_REFUND, and the request names it. A corrected account asks again (a new
// PARTIAL_REFUND of what he holds then).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Postgres 12+ accepts this inside the migration's transaction; the value is first used by later transactions.
  await sql`alter type ledger_transaction_type add value if not exists 'REFUND_RETURN'`.execute(db);
  await sql`
    alter table coin_refunds
      add column returned_transaction_id bigint unique references ledger_transactions (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // An enum value cannot be dropped; REFUND_RETURN stays unused.
  await sql`alter table coin_refunds drop column returned_transaction_id`.execute(db);
}
