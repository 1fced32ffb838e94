import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Verified payout accounts (docs/rules/settlement.md, verified payout account):
// - payout_account_verifications: one row per account (bank and number) a creator set, with the account-holder
//   look-up's outcome: UNVERIFIED (queued, or waiting for a name to compare), VERIFIED, MISMATCH (the bank's holder
//   is neither the creator's verified name nor his business name) or FAILED (no such account, or the bank did not
//   answer: retried while next_attempt_at is set). A statement pays only to a VERIFIED account.
// - users.identity_name_hmac: the HMAC of the name an identity check verified (its normalized form), compared with
//   the bank's holder; like adult_identity_hmac, the name itself is never kept.
// - sandbox_identity_verifications.name: the name the sandbox's tester typed, as PortOne's verifiedCustomer.name.
// - A trigger refuses approving or paying a statement whose account is not VERIFIED, whoever writes (the API refuses
//   it first with its reason).
// - Accounts that exist now (the creators' and those of unpaid statements) are grandfathered as VERIFIED: each was
//   set by its creator under his password, and the first payout after every change was reviewed by finance (the
//   72-hour hold). Every account set from now on is checked.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column identity_name_hmac text`.execute(db);
  await sql`alter table sandbox_identity_verifications add column name text`.execute(db);
  await sql`
    create table payout_account_verifications (
      creator_id bigint not null references creators (id) on delete cascade,
      bank_name text not null,
      bank_account_number text not null,
      status text not null default 'UNVERIFIED'
        check (status in ('UNVERIFIED', 'VERIFIED', 'MISMATCH', 'FAILED')),
      failure text check (failure in ('NO_VERIFIED_NAME', 'ACCOUNT_NOT_FOUND', 'BANK_TIMEOUT', 'NO_PROVIDER')),
      matched text check (matched in ('REAL_NAME', 'BUSINESS_NAME', 'GRANDFATHERED')),
      bank_holder text,
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      queued_at timestamptz not null,
      checked_at timestamptz,
      primary key (creator_id, bank_name, bank_account_number),
      constraint payout_account_verifications_matched check ((status = 'VERIFIED') = (matched is not null))
    )
  `.execute(db);
  await sql`
    create index payout_account_verifications_due on payout_account_verifications (next_attempt_at)
    where next_attempt_at is not null
  `.execute(db);
  await sql`
    insert into payout_account_verifications
      (creator_id, bank_name, bank_account_number, status, matched, queued_at, checked_at)
    select distinct creator_id, bank_name, bank_account_number, 'VERIFIED', 'GRANDFATHERED', now(), now()
    from (
      select id as creator_id, bank_name, bank_account_number from creators
      union
      select creator_id, bank_name, bank_account_number from settlement_statements
      where status in ('ISSUED', 'APPROVED')
    ) accounts
    where bank_name is not null and bank_account_number is not null
    on conflict do nothing
  `.execute(db);
  await sql`
    create function settlement_statement_pays_verified_account() returns trigger language plpgsql as $$
    begin
      if new.status in ('APPROVED', 'PAID') and new.status is distinct from old.status and not exists (
        select 1 from payout_account_verifications v
        where v.creator_id = new.creator_id and v.bank_name = new.bank_name
          and v.bank_account_number = new.bank_account_number and v.status = 'VERIFIED'
      ) then
        raise exception 'settlement statement % pays an account whose holder is not verified', new.id
          using errcode = 'check_violation';
      end if;
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger settlement_statements_verified_account before update of status on settlement_statements
    for each row execute function settlement_statement_pays_verified_account()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger settlement_statements_verified_account on settlement_statements`.execute(db);
  await sql`drop function settlement_statement_pays_verified_account()`.execute(db);
  await sql`drop table payout_account_verifications`.execute(db);
  await sql`alter table sandbox_identity_verifications drop column name`.execute(db);
  await sql`alter table users drop column identity_name_hmac`.execute(db);
}
