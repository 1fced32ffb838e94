import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// ledger_append (0004) updated balances and lots with one join against the arrays it was given. PL/pgSQL caches a
// generic plan per session, chosen while the tables were small: a hash join over a sequential scan of
// ledger_accounts (one row per mission escrow, so it grows with every spend) and of ledger_lots, which every later
// append of that session then repeated over the grown table. The same function, with one primary-key update per
// account and per lot instead; its signature, checks and effects are unchanged.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_append(
      p_key text, p_request jsonb, p_type ledger_transaction_type, p_occurred_at timestamptz, p_metadata jsonb,
      p_lock_accounts text[], p_lock_kinds ledger_account_kind[], p_read_accounts text[], p_read_versions bigint[],
      p_accounts text[], p_amounts bigint[],
      p_lot_account text, p_lot_source ledger_lot_source, p_lot_amount bigint, p_lot_expires_at timestamptz,
      p_moved_lots bigint[], p_wallets text[], p_wallet_amounts bigint[], p_escrows text[], p_escrow_amounts bigint[]
    ) returns bigint language plpgsql as $$
    declare
      v_id bigint;
      v_lot bigint;
    begin
      if cardinality(p_accounts) < 2 or (select sum(amount) from unnest(p_amounts) as amount) <> 0 then
        raise exception 'ledger transaction % does not balance', p_key using errcode = 'check_violation';
      end if;
      perform ledger_lock_accounts(p_lock_accounts, p_lock_kinds, p_occurred_at);
      if exists (
        select 1 from unnest(p_read_accounts, p_read_versions) as r (account, version)
        where coalesce((select a.version from ledger_accounts as a where a.account = r.account), 0) <> r.version
      ) then
        return -1;
      end if;
      insert into ledger_idempotency_keys (idempotency_key, request, transaction_id, created_at)
      values (p_key, p_request, nextval('ledger_transactions_id_seq'), p_occurred_at)
      on conflict (idempotency_key) do nothing
      returning transaction_id into v_id;
      if v_id is null then
        return null;
      end if;
      with appended as (
        insert into ledger_transactions (id, type, idempotency_key, occurred_at, metadata)
        values (v_id, p_type, p_key, p_occurred_at, p_metadata)
      ),
      postings as (
        insert into ledger_postings (transaction_id, account, amount)
        select v_id, p.account, p.amount from unnest(p_accounts, p_amounts) as p (account, amount)
      )
      insert into ledger_lot_movements (transaction_id, lot_id, wallet_amount, escrow, escrow_amount)
      select v_id, m.lot_id, m.wallet_amount, m.escrow, m.escrow_amount
      from unnest(p_moved_lots, p_wallet_amounts, p_escrows, p_escrow_amounts)
        as m (lot_id, wallet_amount, escrow, escrow_amount);
      -- One primary-key update per account and per lot: a plan that stays an index probe whatever the table's size
      -- was when the session cached it.
      for i in 1 .. cardinality(p_accounts) loop
        update ledger_accounts set balance = balance + p_amounts[i], version = version + 1
        where account = p_accounts[i];
      end loop;
      for i in 1 .. coalesce(cardinality(p_moved_lots), 0) loop
        continue when p_wallet_amounts[i] = 0;
        update ledger_lots set remaining = remaining + p_wallet_amounts[i]
        where id = p_moved_lots[i] and account = p_wallets[i];
        if not found then
          raise exception 'ledger transaction % moves a lot that is not in its wallet', p_key;
        end if;
      end loop;
      if p_lot_amount is not null then
        insert into ledger_lots (account, source, amount, remaining, expires_at, transaction_id, created_at)
        values (p_lot_account, p_lot_source, p_lot_amount, p_lot_amount, p_lot_expires_at, v_id, p_occurred_at)
        returning id into v_lot;
        insert into ledger_lot_movements (transaction_id, lot_id, wallet_amount) values (v_id, v_lot, p_lot_amount);
      end if;
      return v_id;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_append(
      p_key text, p_request jsonb, p_type ledger_transaction_type, p_occurred_at timestamptz, p_metadata jsonb,
      p_lock_accounts text[], p_lock_kinds ledger_account_kind[], p_read_accounts text[], p_read_versions bigint[],
      p_accounts text[], p_amounts bigint[],
      p_lot_account text, p_lot_source ledger_lot_source, p_lot_amount bigint, p_lot_expires_at timestamptz,
      p_moved_lots bigint[], p_wallets text[], p_wallet_amounts bigint[], p_escrows text[], p_escrow_amounts bigint[]
    ) returns bigint language plpgsql as $$
    declare
      v_id bigint;
      v_lot bigint;
      v_rows int;
    begin
      if cardinality(p_accounts) < 2 or (select sum(amount) from unnest(p_amounts) as amount) <> 0 then
        raise exception 'ledger transaction % does not balance', p_key using errcode = 'check_violation';
      end if;
      perform ledger_lock_accounts(p_lock_accounts, p_lock_kinds, p_occurred_at);
      if exists (
        select 1 from unnest(p_read_accounts, p_read_versions) as r (account, version)
        where coalesce((select a.version from ledger_accounts as a where a.account = r.account), 0) <> r.version
      ) then
        return -1;
      end if;
      insert into ledger_idempotency_keys (idempotency_key, request, transaction_id, created_at)
      values (p_key, p_request, nextval('ledger_transactions_id_seq'), p_occurred_at)
      on conflict (idempotency_key) do nothing
      returning transaction_id into v_id;
      if v_id is null then
        return null;
      end if;
      with appended as (
        insert into ledger_transactions (id, type, idempotency_key, occurred_at, metadata)
        values (v_id, p_type, p_key, p_occurred_at, p_metadata)
      ),
      postings as (
        insert into ledger_postings (transaction_id, account, amount)
        select v_id, p.account, p.amount from unnest(p_accounts, p_amounts) as p (account, amount)
      ),
      balances as (
        update ledger_accounts as a set balance = a.balance + p.amount, version = a.version + 1
        from unnest(p_accounts, p_amounts) as p (account, amount)
        where a.account = p.account
      ),
      movements as (
        insert into ledger_lot_movements (transaction_id, lot_id, wallet_amount, escrow, escrow_amount)
        select v_id, m.lot_id, m.wallet_amount, m.escrow, m.escrow_amount
        from unnest(p_moved_lots, p_wallet_amounts, p_escrows, p_escrow_amounts)
          as m (lot_id, wallet_amount, escrow, escrow_amount)
      ),
      lots as (
        update ledger_lots as l set remaining = l.remaining + m.wallet_amount
        from unnest(p_moved_lots, p_wallets, p_wallet_amounts) as m (lot_id, wallet, wallet_amount)
        where l.id = m.lot_id and l.account = m.wallet and m.wallet_amount <> 0
        returning 1
      )
      select count(*) into v_rows from lots;
      if v_rows <> (select count(*) from unnest(p_wallet_amounts) as amount where amount <> 0) then
        raise exception 'ledger transaction % moves a lot that is not in its wallet', p_key;
      end if;
      if p_lot_amount is not null then
        insert into ledger_lots (account, source, amount, remaining, expires_at, transaction_id, created_at)
        values (p_lot_account, p_lot_source, p_lot_amount, p_lot_amount, p_lot_expires_at, v_id, p_occurred_at)
        returning id into v_lot;
        insert into ledger_lot_movements (transaction_id, lot_id, wallet_amount) values (v_id, v_lot, p_lot_amount);
      end if;
      return v_id;
    end
    $$`.execute(db);
}
