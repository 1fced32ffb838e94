import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Idempotency keys of the payment-order and bank-deposit requests (a retry with the same key returns the first
// answer), and the sandbox provider's own record of what the local checkout page approved or declined.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column idempotency_key text`.execute(db);
  await sql`
    create unique index payments_user_idempotency_key on payments (user_id, idempotency_key)
      where idempotency_key is not null`.execute(db);
  await sql`alter table bank_transfers add column idempotency_key text`.execute(db);
  await sql`
    create unique index bank_transfers_user_idempotency_key on bank_transfers (user_id, idempotency_key)
      where idempotency_key is not null`.execute(db);

  // The sandbox plays the provider: it keeps what it charged apart from our payments table, as a real one would.
  await sql`
    create table sandbox_checkouts (
      payment_id text primary key references payments (id),
      status text not null check (status in ('paid', 'failed', 'cancelled')),
      amount bigint not null check (amount >= 0),
      currency text not null,
      decided_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_checkouts').execute();
  await sql`alter table bank_transfers drop column idempotency_key`.execute(db);
  await sql`alter table payments drop column idempotency_key`.execute(db);
}
