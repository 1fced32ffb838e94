import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// An optimistic append decided from the state the ledger's client remembers (no ledger_read round trip before it):
// the account versions it sends cover balances, wallet lots and escrow holdings (ledger_append checks them); the
// member's standing is not versioned, so this function compares it with what the decision used (the same
// jsonb ledger_state reads) and answers -1, like a moved account, when it changed. Otherwise it is ledger_append.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_append_as_read(
      p_user_id bigint, p_member jsonb,
      p_key text, p_request jsonb, p_type ledger_transaction_type, p_occurred_at timestamptz, p_metadata jsonb,
      p_lock_accounts text[], p_lock_kinds ledger_account_kind[], p_read_accounts text[], p_read_versions bigint[],
      p_accounts text[], p_amounts bigint[],
      p_lot_account text, p_lot_source ledger_lot_source, p_lot_amount bigint, p_lot_expires_at timestamptz,
      p_moved_lots bigint[], p_wallets text[], p_wallet_amounts bigint[], p_escrows text[], p_escrow_amounts bigint[]
    ) returns bigint language plpgsql as $$
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

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ledger_append_as_read`.execute(db);
}
