import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A partial refund is paid to the fan's bank account (bank, holder, number), recorded with the request. Finance may
// refuse to pay a request with a reason the fan sees (e.g. the holder does not match the account); the money is
// still owed: the fan corrects the account and the request is requested again. Withdrawals go back to the payment
// they came from and name no account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table coin_refunds
      add column bank_name text,
      add column bank_account_holder text,
      add column bank_account_number text,
      add column refused_at timestamptz,
      add column refused_by bigint references users (id),
      add column refusal_reason text`.execute(db);
  await sql`alter table coin_refunds drop constraint coin_refunds_status_check`.execute(db);
  await sql`
    alter table coin_refunds
      add constraint coin_refunds_status_check check (status in ('requested', 'paid', 'refused')),
      add constraint coin_refunds_refused check (
        (status = 'refused') = (refused_at is not null and refusal_reason is not null)
      )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table coin_refunds drop constraint coin_refunds_refused`.execute(db);
  await sql`alter table coin_refunds drop constraint coin_refunds_status_check`.execute(db);
  await sql`alter table coin_refunds add constraint coin_refunds_status_check check (status in ('requested', 'paid'))`.execute(
    db,
  );
  await sql`
    alter table coin_refunds
      drop column refusal_reason,
      drop column refused_by,
      drop column refused_at,
      drop column bank_account_number,
      drop column bank_account_holder,
      drop column bank_name`.execute(db);
}
