import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A losing roll of a lucky roulette in one statement, for an API process that remembers the fan's wallet (its lots
// and version, the ledger's remembered state) and his roulette seed (id, client seed, next nonce): the process decides
// the roll and the ledger transaction from what it remembers, and this function checks and writes it all at once:
// the mission locked and still CREATED at the price rolled for, the seed's nonce taken only if it is still the one
// the decision used (same seed, same client seed, not revealed), the ledger transaction appended with
// ledger_append_as_read (which checks the versions and member standing it used), the roll's outbox events and its
// row. Anything that no longer holds raises, so the statement's failure undoes every write: 'stale' (SQLSTATE RLL01)
// for the mission or the seed, LDG01 and LDG02 from the ledger, 23505 for a roll key taken meanwhile. The process
// then forgets what it remembered and rolls the usual way (read, lock, decide), which answers each case as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function lucky_roll_remembered(
      p_mission_id bigint, p_user_id bigint, p_coins integer,
      p_seed_id bigint, p_client_seed text, p_nonce integer, p_win_probability numeric,
      p_roll_key text,
      p_event_ids uuid[], p_event_types text[], p_event_aggregate_types text[], p_event_aggregate_ids text[],
      p_event_payloads jsonb[], p_event_schema_versions integer[], p_event_occurred_at timestamptz[],
      p_event_trace_parents text[],
      p_ledger_user_id bigint, p_member jsonb,
      p_key text, p_request jsonb, p_type ledger_transaction_type, p_occurred_at timestamptz, p_metadata jsonb,
      p_lock_accounts text[], p_lock_kinds ledger_account_kind[], p_read_accounts text[], p_read_versions bigint[],
      p_accounts text[], p_amounts bigint[],
      p_lot_account text, p_lot_source ledger_lot_source, p_lot_amount bigint, p_lot_expires_at timestamptz,
      p_moved_lots bigint[], p_wallets text[], p_wallet_amounts bigint[], p_escrows text[], p_escrow_amounts bigint[]
    ) returns bigint language plpgsql as $$
    declare
      v_id bigint;
    begin
      perform 1 from missions
        where id = p_mission_id and user_id = p_user_id and type = 'LUCKY' and status = 'CREATED'
          and coin_price = p_coins
        for update;
      if not found then
        raise exception 'lucky roll of mission %: the mission is not as remembered', p_mission_id using errcode = 'RLL01';
      end if;
      update roulette_seeds set next_nonce = p_nonce + 1
        where id = p_seed_id and user_id = p_user_id and revealed_at is null and client_seed = p_client_seed
          and next_nonce = p_nonce;
      if not found then
        raise exception 'lucky roll of mission %: the seed is not as remembered', p_mission_id using errcode = 'RLL01';
      end if;
      v_id := ledger_append_as_read(
        p_ledger_user_id, p_member, p_key, p_request, p_type, p_occurred_at, p_metadata,
        p_lock_accounts, p_lock_kinds, p_read_accounts, p_read_versions, p_accounts, p_amounts,
        p_lot_account, p_lot_source, p_lot_amount, p_lot_expires_at,
        p_moved_lots, p_wallets, p_wallet_amounts, p_escrows, p_escrow_amounts);
      if v_id is null or v_id = -1 then
        raise exception 'lucky roll of mission %: the wallet is not as remembered', p_mission_id using errcode = 'RLL01';
      end if;
      insert into outbox (id, type, aggregate_type, aggregate_id, payload, schema_version, occurred_at, trace_parent)
        select * from unnest(p_event_ids, p_event_types, p_event_aggregate_types, p_event_aggregate_ids,
          p_event_payloads, p_event_schema_versions, p_event_occurred_at, p_event_trace_parents);
      insert into lucky_rolls (mission_id, user_id, coins, success, ledger_transaction_id, idempotency_key, seed_id,
          client_seed, nonce, win_probability)
        values (p_mission_id, p_user_id, p_coins, false, v_id, p_roll_key, p_seed_id, p_client_seed, p_nonce,
          p_win_probability);
      return v_id;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function lucky_roll_remembered`.execute(db);
}
