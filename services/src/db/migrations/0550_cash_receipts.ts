import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Receipts of a charge (docs/rules/coins.md, receipts):
// - bank_transfers.receipt_type: BUSINESS (지출증빙, a business registration number) besides PHONE (소득공제).
// - cash_receipts: the cash receipt (현금영수증) a bank deposit asked for, written when finance confirms the deposit
//   (in the confirmation's transaction) and issued through the provider's cash-receipt API: PENDING until the
//   provider approves it (a failure waits for next_attempt_at and is retried), then ISSUED with its approval number.
//   Only confirmed deposits are issued a receipt, so the amount is the transfer's.
// - payments.receipt_url: the provider's receipt (매출전표) of a paid card, KakaoPay, phone or PayPal charge, as its
//   verification answered it (PortOne's receiptUrl).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bank_transfers drop constraint bank_transfers_receipt_type_check`.execute(db);
  await sql`
    alter table bank_transfers add constraint bank_transfers_receipt_type_check
      check (receipt_type in ('PHONE', 'BUSINESS'))`.execute(db);
  await sql`
    create table cash_receipts (
      bank_transfer_id bigint primary key references bank_transfers (id),
      receipt_type text not null check (receipt_type in ('PHONE', 'BUSINESS')),
      number text not null check (char_length(number) <= 30),
      amount integer not null check (amount > 0),
      status text not null default 'PENDING' check (status in ('PENDING', 'ISSUED')),
      approval_number text,
      issued_at timestamptz,
      attempts integer not null default 0,
      last_error text,
      next_attempt_at timestamptz,
      created_at timestamptz not null,
      constraint cash_receipts_issued check ((status = 'ISSUED') = (approval_number is not null and issued_at is not null))
    )`.execute(db);
  await sql`
    create index cash_receipts_due on cash_receipts (next_attempt_at) where next_attempt_at is not null`.execute(db);
  await sql`alter table payments add column receipt_url text check (char_length(receipt_url) <= 2000)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments drop column receipt_url`.execute(db);
  await sql`drop table cash_receipts`.execute(db);
  await sql`update bank_transfers set receipt_type = 'PHONE', cash_receipt_number = null where receipt_type = 'BUSINESS'`.execute(
    db,
  );
  await sql`alter table bank_transfers drop constraint bank_transfers_receipt_type_check`.execute(db);
  await sql`
    alter table bank_transfers add constraint bank_transfers_receipt_type_check check (receipt_type in ('PHONE'))`.execute(
    db,
  );
}
