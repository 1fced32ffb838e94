import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// How many statements of each month are in each status and what they pay, kept by a trigger in the transaction that
// writes a statement, so the console dashboard's 12 months read a few rows however many creators were settled.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table settlement_month_totals (
      year integer not null,
      month integer not null,
      status text not null,
      statements integer not null check (statements >= 0),
      to_receipt bigint not null check (to_receipt >= 0),
      primary key (year, month, status)
    )`.execute(db);
  await sql`
    create function settlement_month_totals_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update settlement_month_totals
          set statements = statements - 1, to_receipt = to_receipt - old.to_receipt
          where year = old.year and month = old.month and status = old.status;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into settlement_month_totals as t (year, month, status, statements, to_receipt)
          values (new.year, new.month, new.status, 1, new.to_receipt)
          on conflict (year, month, status) do update
            set statements = t.statements + 1, to_receipt = t.to_receipt + excluded.to_receipt;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger settlement_month_totals after insert or delete or update of year, month, status, to_receipt
      on settlement_statements for each row execute function settlement_month_totals_apply()`.execute(db);
  await sql`
    insert into settlement_month_totals (year, month, status, statements, to_receipt)
      select year, month, status, count(*), sum(to_receipt) from settlement_statements group by 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger settlement_month_totals on settlement_statements`.execute(db);
  await sql`drop function settlement_month_totals_apply()`.execute(db);
  await sql`drop table settlement_month_totals`.execute(db);
}
