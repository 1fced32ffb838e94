import { sql } from 'kysely';
import type { ReplayState } from './replay';
import type { LedgerDb } from './repository';

/*
 * Verification's checkpoint: what a replay computed, kept so that the next run replays only the transactions appended
 * since. Each row holds an account's balance (a lot's remaining coins and escrow portions) as replayed through the
 * transaction `through`; the checkpoint's `mark` is a transaction every row has reached, so a run starting from it
 * replays the transactions after it and skips, per row, those the row already holds (a run that stopped halfway
 * leaves rows ahead of the mark, never behind it). Only a finished run moves the mark.
 */

export interface VerifyCheckpoint {
  mark: number;
  fullMark: number;
}

export async function readCheckpoint(db: LedgerDb): Promise<VerifyCheckpoint | null> {
  const row = await db.selectFrom('ledger_verify_checkpoint').select(['mark', 'full_mark']).executeTakeFirst();
  return row ? { mark: Number(row.mark), fullMark: Number(row.full_mark) } : null;
}

/** Moves the checkpoint to `mark` at the end of a run (a full run also records it as the last full replay). */
export async function saveCheckpointMark(db: LedgerDb, mark: number, mode: 'FULL' | 'INCREMENTAL'): Promise<void> {
  await sql`
    insert into ledger_verify_checkpoint (only_row, mark, full_mark, updated_at)
    values (true, ${mark}, ${mode === 'FULL' ? mark : 0}, now())
    on conflict (only_row) do update set mark = excluded.mark, updated_at = excluded.updated_at
      ${mode === 'FULL' ? sql`, full_mark = excluded.full_mark` : sql``}`.execute(db);
}

/** Keeps replayed balances as of `through` (one statement for the batch). */
export async function saveVerifiedBalances(
  db: LedgerDb,
  balances: ReadonlyMap<string, number>,
  through: number | ReadonlyMap<string, number>,
): Promise<void> {
  if (balances.size === 0) return;
  const accounts = [...balances.keys()];
  const throughOf = (account: string) => (typeof through === 'number' ? through : through.get(account)!);
  await sql`
    insert into ledger_verified_balances (account, balance, through)
    select * from unnest(${accounts}::text[], ${accounts.map((account) => balances.get(account)!)}::bigint[],
      ${accounts.map(throughOf)}::bigint[])
    on conflict (account) do update set balance = excluded.balance, through = excluded.through`.execute(db);
}

/** The kept balances of `accounts`, with the transaction each is replayed through. */
export async function loadVerifiedBalances(
  db: LedgerDb,
  accounts: readonly string[],
): Promise<Map<string, { balance: number; through: number }>> {
  if (accounts.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_verified_balances')
    .select(['account', 'balance', 'through'])
    .where('account', '=', sql<string>`any(${[...accounts]}::text[])`)
    .execute();
  return new Map(rows.map((row) => [row.account, { balance: Number(row.balance), through: Number(row.through) }]));
}

/** A replayed lot's escrow portions, by escrow account (the replay keys them `<escrow> <lotId>`). */
export function escrowPortionsOf(state: Pick<ReplayState, 'escrowPortions'>): Map<number, Record<string, number>> {
  const byLot = new Map<number, Record<string, number>>();
  for (const [key, coins] of state.escrowPortions) {
    const space = key.lastIndexOf(' ');
    const lotId = Number(key.slice(space + 1));
    const portions = byLot.get(lotId) ?? {};
    portions[key.slice(0, space)] = coins;
    byLot.set(lotId, portions);
  }
  return byLot;
}

/** Keeps the replayed lots (remaining coins and escrow portions) as of `through`. */
export async function saveVerifiedLots(
  db: LedgerDb,
  state: Pick<ReplayState, 'lots' | 'escrowPortions'>,
  through: number | ReadonlyMap<number, number>,
): Promise<void> {
  if (state.lots.size === 0) return;
  const portions = escrowPortionsOf(state);
  const ids = [...state.lots.keys()];
  const throughOf = (id: number) => (typeof through === 'number' ? through : through.get(id)!);
  await sql`
    insert into ledger_verified_lots (lot_id, remaining, escrow_portions, through)
    select * from unnest(${ids}::bigint[], ${ids.map((id) => state.lots.get(id)!.remaining)}::bigint[],
      ${ids.map((id) => JSON.stringify(portions.get(id) ?? {}))}::jsonb[], ${ids.map(throughOf)}::bigint[])
    on conflict (lot_id) do update
      set remaining = excluded.remaining, escrow_portions = excluded.escrow_portions, through = excluded.through`.execute(
    db,
  );
}

/** The kept state of `lotIds`, with the transaction each is replayed through. */
export async function loadVerifiedLots(
  db: LedgerDb,
  lotIds: readonly number[],
): Promise<Map<number, { remaining: number; escrowPortions: Record<string, number>; through: number }>> {
  if (lotIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_verified_lots')
    .select(['lot_id', 'remaining', 'escrow_portions', 'through'])
    .where('lot_id', '=', sql<number>`any(${[...lotIds]}::bigint[])`)
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.lot_id),
      { remaining: Number(row.remaining), escrowPortions: row.escrow_portions, through: Number(row.through) },
    ]),
  );
}
