import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A bank-deposit request keeps what its member was told to pay: the receiving account (configuration when he asked),
// and the moment by which to pay. Requests made before were told nothing: theirs stay null.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table bank_transfers
      add column pay_to_bank_name text,
      add column pay_to_account_number text,
      add column pay_to_account_holder text,
      add column pay_due_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table bank_transfers
      drop column pay_to_bank_name,
      drop column pay_to_account_number,
      drop column pay_to_account_holder,
      drop column pay_due_at`.execute(db);
}
