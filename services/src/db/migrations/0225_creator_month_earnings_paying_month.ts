import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// creator_month_earnings counts each release in the month whose statement will pay it. A release is on the first
// statement issued after it (the monthly run takes every release before the month's end that no statement holds), so
// one appended after its creator's statement of its own month (an activity that ran late, past the run) is paid by
// the next month's statement, and counts there: the month without a statement of his from the release's month on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function creator_month_earnings_apply() returns trigger language plpgsql as $$
    declare
      v_type text;
      v_month date;
      v_creator bigint := substring(new.account from 10)::bigint;
    begin
      select t.type::text, date_trunc('month', t.occurred_at at time zone 'Asia/Seoul')::date into v_type, v_month
        from ledger_transactions t where t.id = new.transaction_id;
      if (v_type = 'MISSION_RELEASE' and new.amount > 0) or (v_type = 'LUCKY_COMPENSATION' and new.amount < 0) then
        while exists (
          select 1 from settlement_statements s
          where s.creator_id = v_creator
            and s.year = extract(year from v_month) and s.month = extract(month from v_month)
        ) loop
          v_month := (v_month + interval '1 month')::date;
        end loop;
        insert into creator_month_earnings as e (creator_id, month, coins)
          values (v_creator, to_char(v_month, 'YYYY-MM'), new.amount)
          on conflict (creator_id, month) do update set coins = e.coins + excluded.coins;
      end if;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function creator_month_earnings_apply() returns trigger language plpgsql as $$
    declare
      v_type text;
      v_month text;
    begin
      select t.type::text, to_char(t.occurred_at at time zone 'Asia/Seoul', 'YYYY-MM') into v_type, v_month
        from ledger_transactions t where t.id = new.transaction_id;
      if (v_type = 'MISSION_RELEASE' and new.amount > 0) or (v_type = 'LUCKY_COMPENSATION' and new.amount < 0) then
        insert into creator_month_earnings as e (creator_id, month, coins)
          values (substring(new.account from 10)::bigint, v_month, new.amount)
          on conflict (creator_id, month) do update set coins = e.coins + excluded.coins;
      end if;
      return null;
    end $$`.execute(db);
}
