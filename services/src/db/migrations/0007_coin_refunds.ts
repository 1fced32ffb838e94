import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Refund requests: a withdrawal or partial refund takes coins out of the wallet through the ledger (the transaction
// is referenced here), and finance sends the money back outside the app within 3 business days, then marks the
// request paid. One row per ledger transaction, and at most one withdrawal per charge.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table coin_refunds (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id),
      kind text not null check (kind in ('WITHDRAWAL', 'PARTIAL_REFUND')),
      coin_deposit_id bigint references coin_deposits (id),
      ledger_transaction_id bigint not null unique references ledger_transactions (id),
      coins bigint not null check (coins > 0),
      fee_coins bigint not null check (fee_coins >= 0 and fee_coins < coins),
      amount bigint not null check (amount > 0),
      status text not null default 'requested' check (status in ('requested', 'paid')),
      requested_at timestamptz not null,
      due_on date not null,
      paid_at timestamptz,
      paid_by bigint references users (id),
      note text,
      updated_at timestamptz not null default now(),
      constraint coin_refunds_withdrawal_names_deposit check ((kind = 'WITHDRAWAL') = (coin_deposit_id is not null)),
      constraint coin_refunds_paid_at check ((status = 'paid') = (paid_at is not null))
    )`.execute(db);
  await sql`create unique index coin_refunds_one_withdrawal on coin_refunds (coin_deposit_id)`.execute(db);
  await sql`create index coin_refunds_user on coin_refunds (user_id, requested_at desc)`.execute(db);
  await sql`create index coin_refunds_status on coin_refunds (status, due_on, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coin_refunds').execute();
}
