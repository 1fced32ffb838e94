import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// settlement_statements.local_tax_withheld / local_tax_rate: a domestic individual creator's local income tax
// (지방소득세 특별징수, 10 % of the 3 % income tax in tax_withheld); 0 on every other statement and on the statements
// issued before it. The receipt balances with it, and it is fixed at issue like every amount (docs/rules/settlement.md).
const immutableColumns = (local: boolean) => `
  creator_id, year, month, grade, month_coins, carried_coins, total_earning_coin, gross, income, pg_fee, pg_fee_rate,
  fatkat_fee, fatkat_fee_rate, overseas_fee, overseas_fee_rate, tax_withheld, tax_rate,
  ${local ? 'local_tax_withheld, local_tax_rate,' : ''} to_receipt, overseas, foreigner, bank_name, due_date,
  ledger_transaction_id, created_at`;

const immutableFunction = (local: boolean) => {
  const columns = immutableColumns(local);
  const of = (row: string) => columns.replace(/([a-z_]+)/g, `${row}.$1`);
  return sql.raw(`
    create or replace function settlement_statements_immutable() returns trigger language plpgsql as $$
    begin
      if (${of('new')})
         is distinct from
         (${of('old')})
         or tg_op = 'DELETE'
         or (old.status = 'CARRIED_OVER' and new.status <> 'CARRIED_OVER') then
        raise exception 'settlement statement % is immutable', old.id using errcode = 'check_violation';
      end if;
      return new;
    end $$`);
};

const receiptCheck = (local: boolean) =>
  sql.raw(`
    alter table settlement_statements add constraint settlement_statements_receipt check (
      (status = 'CARRIED_OVER' and to_receipt = 0 and ledger_transaction_id is null and carried_coins = 0
       ${local ? 'and local_tax_withheld = 0' : ''})
      or (status <> 'CARRIED_OVER'
          and income = to_receipt + overseas_fee + tax_withheld ${local ? '+ local_tax_withheld' : ''}
          and ledger_transaction_id is not null and due_date is not null))`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table settlement_statements
      add column local_tax_withheld bigint not null default 0 check (local_tax_withheld >= 0),
      add column local_tax_rate numeric(5, 2) not null default 0`.execute(db);
  await sql`alter table settlement_statements drop constraint settlement_statements_receipt`.execute(db);
  await receiptCheck(true).execute(db);
  await immutableFunction(true).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await immutableFunction(false).execute(db);
  await sql`alter table settlement_statements drop constraint settlement_statements_receipt`.execute(db);
  await receiptCheck(false).execute(db);
  await sql`
    alter table settlement_statements drop column local_tax_withheld, drop column local_tax_rate`.execute(db);
}
