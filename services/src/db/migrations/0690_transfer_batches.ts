import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Bank transfer batches (docs/rules/money-out.md, bank transfer batches): the bulk-transfer file is a numbered record.
// - settlement_transfer_batches: who made it and when, the month, the count and won of its statements, the SHA-256 of
//   the file's bytes, its status (CREATED → RELEASED → CLOSED, or CREATED → CANCELLED), who released it (never its
//   maker) and the release request asked when it was made.
// - settlement_transfer_batch_lines: its statements in file order, with the bank code and won the file gives and the
//   bank's result once read (PENDING, PAID, FAILED). A statement is on one open line at most: in one file at a time.
// - settlement_statements: IN_TRANSFER (in a batch, `transfer_batch_id`) and TRANSFER_FAILED (the bank's result
//   failed it: when and why) join the statuses. A statement becomes APPROVED, IN_TRANSFER or PAID only while the
//   account it pays is VERIFIED (migration 0520), except on leaving IN_TRANSFER: the bank's result (PAID,
//   TRANSFER_FAILED) or the batch's cancellation (APPROVED, held again by the rule when the check lapsed) is recorded
//   whatever the check says now.
const verifiedAccountRule = (statuses: string, exempt: string) => sql`
  create or replace function settlement_statement_pays_verified_account() returns trigger language plpgsql as $$
  begin
    if new.status in (${sql.raw(statuses)}) and new.status is distinct from old.status and not (${sql.raw(exempt)})
      and not exists (
        select 1 from payout_account_verifications v
        where v.creator_id = new.creator_id and v.bank_name = new.bank_name
          and v.bank_account_number = new.bank_account_number and v.status = 'VERIFIED'
      ) then
      raise exception 'settlement statement % pays an account whose holder is not verified', new.id
        using errcode = 'check_violation';
    end if;
    return new;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table settlement_transfer_batches (
      id bigint generated always as identity primary key,
      year int not null,
      month int not null check (month between 1 and 12),
      status text not null default 'CREATED' check (status in ('CREATED', 'RELEASED', 'CLOSED', 'CANCELLED')),
      created_by_user_id bigint not null references users (id),
      created_at timestamptz not null,
      statement_count int not null check (statement_count > 0),
      total_won bigint not null check (total_won >= 0),
      file_sha256 text not null check (file_sha256 ~ '^[0-9a-f]{64}$'),
      release_request_id bigint,
      released_by_user_id bigint references users (id),
      released_at timestamptz,
      cancelled_by_user_id bigint references users (id),
      cancelled_at timestamptz,
      closed_at timestamptz,
      constraint settlement_transfer_batches_released check (
        (released_at is null) = (released_by_user_id is null)
        and (status in ('RELEASED', 'CLOSED')) = (released_at is not null)
      ),
      constraint settlement_transfer_batches_four_eyes check (released_by_user_id <> created_by_user_id),
      constraint settlement_transfer_batches_cancelled check (
        (status = 'CANCELLED') = (cancelled_at is not null and cancelled_by_user_id is not null)
      ),
      constraint settlement_transfer_batches_closed check ((status = 'CLOSED') = (closed_at is not null))
    )`.execute(db);
  await sql`create index settlement_transfer_batches_status on settlement_transfer_batches (status, id)`.execute(db);
  await sql`
    create table settlement_transfer_batch_lines (
      batch_id bigint not null references settlement_transfer_batches (id),
      statement_id bigint not null references settlement_statements (id),
      line int not null check (line > 0),
      bank_code text not null check (bank_code ~ '^[0-9]{3}$'),
      amount bigint not null check (amount >= 0),
      result text not null default 'PENDING' check (result in ('PENDING', 'PAID', 'FAILED')),
      result_at timestamptz,
      bank_reason text,
      primary key (batch_id, statement_id),
      unique (batch_id, line),
      constraint settlement_transfer_batch_lines_result check ((result = 'PENDING') = (result_at is null))
    )`.execute(db);
  await sql`create index settlement_transfer_batch_lines_statement on settlement_transfer_batch_lines (statement_id)`.execute(
    db,
  );
  await sql`
    alter table settlement_statements
      drop constraint settlement_statements_status_check,
      add constraint settlement_statements_status_check
        check (status in ('CARRIED_OVER', 'ISSUED', 'APPROVED', 'IN_TRANSFER', 'TRANSFER_FAILED', 'PAID')),
      add column transfer_batch_id bigint references settlement_transfer_batches (id),
      add column transfer_failed_at timestamptz,
      add column transfer_failed_reason text,
      add constraint settlement_statements_in_transfer check (status <> 'IN_TRANSFER' or transfer_batch_id is not null),
      add constraint settlement_statements_transfer_failed check ((status = 'TRANSFER_FAILED') = (transfer_failed_at is not null))
  `.execute(db);
  await verifiedAccountRule(`'APPROVED', 'IN_TRANSFER', 'PAID'`, `old.status = 'IN_TRANSFER'`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update settlement_statements set status = 'APPROVED', transfer_failed_at = null
    where status in ('IN_TRANSFER', 'TRANSFER_FAILED')
  `.execute(db);
  await verifiedAccountRule(`'APPROVED', 'PAID'`, 'false').execute(db);
  await sql`
    alter table settlement_statements
      drop constraint settlement_statements_in_transfer,
      drop constraint settlement_statements_transfer_failed,
      drop column transfer_batch_id,
      drop column transfer_failed_at,
      drop column transfer_failed_reason,
      drop constraint settlement_statements_status_check,
      add constraint settlement_statements_status_check check (status in ('CARRIED_OVER', 'ISSUED', 'APPROVED', 'PAID'))
  `.execute(db);
  await sql`drop table settlement_transfer_batch_lines`.execute(db);
  await sql`drop table settlement_transfer_batches`.execute(db);
}
