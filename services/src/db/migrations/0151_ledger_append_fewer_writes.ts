import { sql, type Kysely } from 'kysely';
import { up as inline0150 } from './0150_ledger_append_as_read_inline';

// Frozen in time: migrations never import application code.
// ledger_append_as_read (0150) wrote every account of an uncontended spend twice: one statement created the new
// escrow (balance 0) and locked the wallet (a lock record), a second checked the versions, a third moved the
// balances (a second row version of the new escrow). A profile of the bench's spends (pg_stat_statements, track =
// all) put the accounts at 10 of the spend's 33 WAL records. Now one statement creates, locks, checks and moves them,
// in lock order, row by row: a missing account is inserted with its posting (version 1; 0 when only locked); an
// existing one is updated only while its version is still the one the decision read (unread accounts: any version).
// An account the decision read that had to be inserted (it was never created, or was removed) or an existing one not
// updated (its version moved) means the decision is stale: the function raises 'moved' (SQLSTATE LDG01) and the
// statement's failure undoes what it wrote. The transaction id is still taken after the accounts are locked (verify
// relies on id order being commit order per account); a key taken meanwhile is found after the accounts were
// written, so it too is raised ('key taken', LDG02) to undo them. The engine reads these as before (-1 and null).
//
// Its outbox row is written by the function itself, from the postings it was given, instead of by the trigger of
// ledger_transactions (0009): the trigger queued an after-row event per transaction, called a PL/pgSQL trigger
// function and read the postings back. The row is the same (same event, payload, clock; postings in account order,
// collation C). The function marks the transaction id it writes the event for (a transaction-local setting) and the
// trigger skips that id only; every other insert into ledger_transactions (ledger_append, anything else) still gets
// its event from the trigger.
// Checks, effects and the other answers are unchanged; ledger_append (the path after a read) is unchanged.
const SIGNATURE = sql`
      p_user_id bigint, p_member jsonb,
      p_key text, p_request jsonb, p_type ledger_transaction_type, p_occurred_at timestamptz, p_metadata jsonb,
      p_lock_accounts text[], p_lock_kinds ledger_account_kind[], p_read_accounts text[], p_read_versions bigint[],
      p_accounts text[], p_amounts bigint[],
      p_lot_account text, p_lot_source ledger_lot_source, p_lot_amount bigint, p_lot_expires_at timestamptz,
      p_moved_lots bigint[], p_wallets text[], p_wallet_amounts bigint[], p_escrows text[], p_escrow_amounts bigint[]`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ledger_transactions_to_outbox on ledger_transactions`.execute(db);
  await sql`
    create trigger ledger_transactions_to_outbox after insert on ledger_transactions
      for each row when (new.id::text is distinct from current_setting('fanmission.ledger_outbox_written', true))
      execute function ledger_transaction_to_outbox()`.execute(db);
  await sql`
    create or replace function ledger_append_as_read(${SIGNATURE}) returns bigint language plpgsql as $$
    declare
      v_id bigint;
      v_lot bigint;
      v_sum bigint := 0;
      v_written int;
      v_stale int;
      v_debited int;
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
      -- The row proposed for insertion is checked (ledger_accounts_balance_not_negative) before the conflict is found,
      -- so it carries no debit (only a world account may go below zero): the update takes each posting from the
      -- arrays, and a non-world account inserted for a debit is refused below as the check would have refused it.
      -- xmax = 0 only on a row this statement inserted (a row it updated carries its lock).
      with moved as (
        insert into ledger_accounts as a (account, kind, balance, version, created_at)
        select l.account, l.kind,
          case when l.kind = 'WORLD' then coalesce(p_amounts[array_position(p_accounts, l.account)], 0)
               else greatest(coalesce(p_amounts[array_position(p_accounts, l.account)], 0), 0) end,
          (array_position(p_accounts, l.account) is not null)::int, p_occurred_at
        from unnest(p_lock_accounts, p_lock_kinds) with ordinality as l (account, kind, position)
        order by l.position
        on conflict (account) do update
          set balance = a.balance + coalesce(p_amounts[array_position(p_accounts, a.account)], 0),
            version = a.version + excluded.version
          where a.version = coalesce(p_read_versions[array_position(p_read_accounts, a.account)], a.version)
        returning a.account, a.balance, a.xmax = 0 as inserted
      )
      select count(*),
        count(*) filter (where inserted and p_read_versions[array_position(p_read_accounts, account)] <> 0),
        count(*) filter (where inserted and balance <> coalesce(p_amounts[array_position(p_accounts, account)], 0))
      into v_written, v_stale, v_debited from moved;
      if v_debited <> 0 then
        raise exception 'ledger transaction % debits an account that does not exist', p_key
          using errcode = 'check_violation', constraint = 'ledger_accounts_balance_not_negative';
      end if;
      if v_written <> cardinality(p_lock_accounts) or v_stale <> 0 then
        raise exception 'ledger transaction %: an account moved since it was read', p_key using errcode = 'LDG01';
      end if;
      insert into ledger_idempotency_keys (idempotency_key, request, transaction_id, created_at)
      values (p_key, p_request, nextval('ledger_transactions_id_seq'), p_occurred_at)
      on conflict (idempotency_key) do nothing
      returning transaction_id into v_id;
      if v_id is null then
        raise exception 'ledger transaction %: the key was taken meanwhile', p_key using errcode = 'LDG02';
      end if;
      perform set_config('fanmission.ledger_outbox_written', v_id::text, true);
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
      insert into outbox (id, type, aggregate_type, aggregate_id, payload, schema_version, occurred_at)
      values (
        gen_random_uuid(), 'ledger.transaction.appended', 'ledger', v_id::text,
        jsonb_build_object(
          'transactionId', v_id,
          'transactionType', p_type,
          'idempotencyKey', p_key,
          'occurredAt', to_char(p_occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'postings', (
            select jsonb_agg(jsonb_build_object('account', p.account, 'amount', p.amount) order by p.account collate "C")
            from unnest(p_accounts, p_amounts) as p (account, amount)),
          'metadata', p_metadata),
        1, p_occurred_at);
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
  await inline0150(db);
  await sql`drop trigger ledger_transactions_to_outbox on ledger_transactions`.execute(db);
  await sql`
    create trigger ledger_transactions_to_outbox after insert on ledger_transactions
      for each row execute function ledger_transaction_to_outbox()`.execute(db);
}
