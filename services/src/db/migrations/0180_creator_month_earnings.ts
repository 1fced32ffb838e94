import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// What each creator earned in each Korea-time month so far, as his statement of that month will count it: the
// mission releases crediting his earnings account, less the lucky-compensation bonuses debited from it. Kept by a
// trigger on the ledger's postings in the transaction that appends them, so a month's income reads one row however
// long his history is. Only earnings postings fire it; the other postings pay nothing for it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table creator_month_earnings (
      creator_id bigint not null,
      month text not null check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      coins bigint not null,
      primary key (creator_id, month)
    )`.execute(db);
  await sql`
    create function creator_month_earnings_apply() returns trigger language plpgsql as $$
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
  await sql`
    create trigger creator_month_earnings after insert on ledger_postings
      for each row when (new.account like 'earnings:%') execute function creator_month_earnings_apply()`.execute(db);
  await sql`
    insert into creator_month_earnings (creator_id, month, coins)
      select substring(p.account from 10)::bigint, to_char(t.occurred_at at time zone 'Asia/Seoul', 'YYYY-MM'),
        sum(p.amount)
      from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
      where p.account like 'earnings:%'
        and ((t.type = 'MISSION_RELEASE' and p.amount > 0) or (t.type = 'LUCKY_COMPENSATION' and p.amount < 0))
      group by 1, 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger creator_month_earnings on ledger_postings`.execute(db);
  await sql`drop function creator_month_earnings_apply()`.execute(db);
  await sql`drop table creator_month_earnings`.execute(db);
}
