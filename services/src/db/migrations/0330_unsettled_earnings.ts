import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The releases no statement holds yet, one row each, so the monthly settlement reads the month's new work instead of
// every creator's whole history: a release crediting a creator's earnings (and a lucky-compensation bonus debited
// from them) is recorded by the earnings trigger in the transaction that appends it, and leaves when a statement line
// takes it (one statement per release: the line's key is the ledger transaction).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table unsettled_earnings (
      ledger_transaction_id bigint primary key,
      creator_id bigint not null,
      mission_id bigint,
      coins bigint not null check (coins <> 0),
      occurred_at timestamptz not null
    )`.execute(db);
  await sql`create index unsettled_earnings_creator on unsettled_earnings (creator_id, occurred_at)`.execute(db);
  await sql`create index unsettled_earnings_occurred on unsettled_earnings (occurred_at)`.execute(db);
  // The carried-over months a payout has not paid yet are found among the carried-over statements only.
  await sql`
    create index settlement_statements_carried_over on settlement_statements (creator_id, year, month)
      where status = 'CARRIED_OVER'`.execute(db);
  await sql`
    create or replace function creator_month_earnings_apply() returns trigger language plpgsql as $$
    declare
      v_type text;
      v_occurred_at timestamptz;
      v_mission text;
      v_month date;
      v_creator bigint := substring(new.account from 10)::bigint;
    begin
      select t.type::text, t.occurred_at, t.metadata ->> 'missionId' into v_type, v_occurred_at, v_mission
        from ledger_transactions t where t.id = new.transaction_id;
      if (v_type = 'MISSION_RELEASE' and new.amount > 0) or (v_type = 'LUCKY_COMPENSATION' and new.amount < 0) then
        insert into unsettled_earnings (ledger_transaction_id, creator_id, mission_id, coins, occurred_at)
          values (new.transaction_id, v_creator, v_mission::bigint, new.amount, v_occurred_at);
        v_month := date_trunc('month', v_occurred_at at time zone 'Asia/Seoul')::date;
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
  // Set-based, so a statement of many lines (or the world generator's history) removes its releases in one pass; by
  // the key's index (a join with the transition table, which has no statistics, would read the whole table).
  await sql`
    create function unsettled_earnings_settled() returns trigger language plpgsql as $$
    begin
      delete from unsettled_earnings
        where ledger_transaction_id = any(array(select ledger_transaction_id from settled_lines));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger unsettled_earnings_settled after insert on settlement_statement_lines
      referencing new table as settled_lines for each statement execute function unsettled_earnings_settled()`.execute(
    db,
  );
  await sql`
    insert into unsettled_earnings (ledger_transaction_id, creator_id, mission_id, coins, occurred_at)
    select t.id, substring(p.account from 10)::bigint, (t.metadata ->> 'missionId')::bigint, p.amount, t.occurred_at
    from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
    where p.account like 'earnings:%'
      and ((t.type = 'MISSION_RELEASE' and p.amount > 0) or (t.type = 'LUCKY_COMPENSATION' and p.amount < 0))
      and not exists (select 1 from settlement_statement_lines l where l.ledger_transaction_id = t.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger unsettled_earnings_settled on settlement_statement_lines`.execute(db);
  await sql`drop function unsettled_earnings_settled()`.execute(db);
  await sql`drop index settlement_statements_carried_over`.execute(db);
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
  await sql`drop table unsettled_earnings`.execute(db);
}
