import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// ledger_append_as_read (0135) checked the member's standing and then called ledger_append (0014), which called
// ledger_lock_accounts: three PL/pgSQL calls per uncontended spend. The same checks and writes in one function body,
// with the balance projections in one statement (a primary-key probe per account: the accounts are locked already,
// so the order it updates them in does not matter). Signature, answers (-1 moved, null key taken, else the id) and
// effects are unchanged; ledger_append itself is unchanged (the path after a read).
const SIGNATURE = sql`
      p_user_id bigint, p_member jsonb,
      p_key text, p_request jsonb, p_type ledger_transaction_type, p_occurred_at timestamptz, p_metadata jsonb,
      p_lock_accounts text[], p_lock_kinds ledger_account_kind[], p_read_accounts text[], p_read_versions bigint[],
      p_accounts text[], p_amounts bigint[],
      p_lot_account text, p_lot_source ledger_lot_source, p_lot_amount bigint, p_lot_expires_at timestamptz,
      p_moved_lots bigint[], p_wallets text[], p_wallet_amounts bigint[], p_escrows text[], p_escrow_amounts bigint[]`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_append_as_read(${SIGNATURE}) returns bigint language plpgsql as $$
    declare
      v_id bigint;
      v_lot bigint;
      v_sum bigint := 0;
    begin
      if p_user_id is not null and (
        select jsonb_build_object('isCreator', 'ROLE_CREATOR' = any (roles), 'coinsFrozenAt', coins_frozen_at)
        from users where id = p_user_id
      ) is distinct from p_member then
        return -1;
      end if;
      for i in 1 .. coalesce(cardinality(p_amounts), 0) loop
        v_sum := v_sum + p_amounts[i];
      end loop;
      if coalesce(cardinality(p_accounts), 0) < 2 or v_sum <> 0 then
        raise exception 'ledger transaction % does not balance', p_key using errcode = 'check_violation';
      end if;
      -- ledger_lock_accounts: create the missing accounts and lock the others, in the order given.
      insert into ledger_accounts (account, kind, created_at)
      select a.account, a.kind, p_occurred_at
      from unnest(p_lock_accounts, p_lock_kinds) with ordinality as a (account, kind, position)
      order by a.position
      on conflict (account) do update set kind = excluded.kind where false;
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
      update ledger_accounts set balance = balance + p_amounts[array_position(p_accounts, account)],
        version = version + 1
      where account = any (p_accounts);
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
    create or replace function ledger_append_as_read(${SIGNATURE}) returns bigint language plpgsql as $$
    begin
      if p_user_id is not null and (
        select jsonb_build_object('isCreator', 'ROLE_CREATOR' = any (roles), 'coinsFrozenAt', coins_frozen_at)
        from users where id = p_user_id
      ) is distinct from p_member then
        return -1;
      end if;
      return ledger_append(p_key, p_request, p_type, p_occurred_at, p_metadata, p_lock_accounts, p_lock_kinds,
        p_read_accounts, p_read_versions, p_accounts, p_amounts, p_lot_account, p_lot_source, p_lot_amount,
        p_lot_expires_at, p_moved_lots, p_wallets, p_wallet_amounts, p_escrows, p_escrow_amounts);
    end
    $$`.execute(db);
}
