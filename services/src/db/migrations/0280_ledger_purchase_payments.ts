import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A payment is credited once, whatever idempotency key the caller uses. A unique index of the transactions on their
// payment id guarded it; the transactions are partitioned by id range (services/src/db/ledger-partitions.ts), and a
// partitioned table's unique indexes must contain the id, so the guard moves to its own table, written by a trigger
// in the appending transaction (its key keeps the old index's name: a second credit of a payment fails as before).
// It is also how a purchase is found by its payment.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One transaction: no credit goes unguarded between the index and the table.
  await sql`drop index ledger_transactions_purchase_payment`.execute(db);
  await sql`
    create table ledger_purchase_payments (
      payment_id text not null,
      transaction_id bigint not null,
      constraint ledger_transactions_purchase_payment primary key (payment_id)
    )`.execute(db);
  await sql`
    create function ledger_purchase_payment_record() returns trigger language plpgsql as $$
    begin
      insert into ledger_purchase_payments (payment_id, transaction_id) values (new.metadata ->> 'paymentId', new.id);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger ledger_purchase_payment after insert on ledger_transactions
      for each row when (new.type = 'PURCHASE') execute function ledger_purchase_payment_record()`.execute(db);
  await sql`
    insert into ledger_purchase_payments (payment_id, transaction_id)
    select metadata ->> 'paymentId', id from ledger_transactions where type = 'PURCHASE'
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ledger_purchase_payment on ledger_transactions`.execute(db);
  await sql`drop function ledger_purchase_payment_record()`.execute(db);
  await sql`drop table ledger_purchase_payments`.execute(db);
  await sql`
    create unique index ledger_transactions_purchase_payment
      on ledger_transactions ((metadata ->> 'paymentId')) where type = 'PURCHASE'`.execute(db);
}
