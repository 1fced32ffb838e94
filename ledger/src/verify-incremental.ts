import { sql } from 'kysely';
import { compareAccounts } from './accounts';
import { asLedgerDb, type LedgerExecutor } from './engine';
import {
  applyLotMovement,
  applyPosting,
  compareBalances,
  compareLots,
  createLot,
  emptyReplayState,
  LOT_FIELDS,
  type ReplayedLot,
} from './replay';
import type { LedgerTables } from './table';
import { verify } from './verify';
import type { FirstDifferences } from './verify-differences';
import { num, startRun, toMovement, type RunContext, type VerifyOptions, type VerifyReport } from './verify-run';
import {
  loadVerifiedBalances,
  loadVerifiedLots,
  readCheckpoint,
  saveCheckpointMark,
  saveVerifiedBalances,
  saveVerifiedLots,
} from './verify-checkpoint';

/**
 * `verify` from the checkpoint (verify-checkpoint.ts): the same checks, on the transactions appended after its mark
 * only, so a daily run costs the day's transactions, not the log's length. Each transaction after the mark is checked
 * on its own; the accounts and lots they touch are replayed from their kept state through the new postings and lot
 * movements (in transaction id order, pages of `batchSize`), then compared with the stored balances and lots as the
 * full run compares them (stored and replayed read in one snapshot, with what committed after the mark replayed too).
 * The state reached is kept and the checkpoint moves to the run's mark. Accounts and lots that no new transaction
 * touched are not read: the full replay checks everything. With no checkpoint yet, it is the full replay.
 */
export async function verifyIncremental<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  options: VerifyOptions = {},
): Promise<VerifyReport> {
  const withCheckpoint = { ...options, saveCheckpoint: true };
  const checkpoint = await readCheckpoint(asLedgerDb(db));
  if (!checkpoint) return verify(db, withCheckpoint);
  const run = await startRun(db, withCheckpoint, checkpoint.mark);
  const differences = run.log.differences;
  const accounts = await replayAccounts(run.context, checkpoint.mark, differences);
  const lots = await replayLots(run.context, checkpoint.mark, differences);
  await saveCheckpointMark(run.context.db, run.mark, 'INCREMENTAL');
  return {
    mode: 'INCREMENTAL',
    since: checkpoint.mark,
    transactions: run.log.transactions,
    postings: run.log.postings,
    accounts,
    lots,
    differences: differences.first(),
    differenceCount: differences.count,
  };
}

/** Batches of `size` of the keys, in the order `compare` gives. */
function batches<K>(keys: Iterable<K>, size: number, compare: (a: K, b: K) => number): K[][] {
  const sorted = [...keys].sort(compare);
  const result: K[][] = [];
  for (let index = 0; index < sorted.length; index += size) result.push(sorted.slice(index, index + size));
  return result;
}

interface PostingRow {
  account: string;
  transaction_id: unknown;
  amount: unknown;
}

/**
 * Replays the postings after `since` up to the mark onto the kept balances, then compares the touched accounts with
 * their stored balances. Answers how many accounts it compared.
 */
async function replayAccounts(
  { db, batchSize, snapshot, advance, mark }: RunContext,
  since: number,
  differences: FirstDifferences,
): Promise<number> {
  /** Each touched account's replayed balance as of the mark, and the last transaction replayed into it. */
  const touched = new Map<string, { balance: number; through: number }>();
  let cursor = { transactionId: since, account: '' };
  for (;;) {
    const { rows } = await sql<PostingRow>`
      select account, transaction_id, amount from ledger_postings
      where transaction_id > ${since} and transaction_id <= ${mark}
        and (transaction_id, account) > (${cursor.transactionId}::bigint, ${cursor.account}::text)
      order by transaction_id, account
      limit ${batchSize}`.execute(db);
    if (rows.length === 0) break;
    const pageAccounts = [...new Set(rows.map((row) => row.account).filter((account) => !touched.has(account)))];
    for (const [account, kept] of await loadVerifiedBalances(db, pageAccounts)) touched.set(account, kept);
    const state = { balances: new Map<string, number>() };
    const through = new Map<string, number>();
    for (const row of rows) {
      const transactionId = num(row.transaction_id);
      const kept = touched.get(row.account) ?? { balance: 0, through: since };
      // A row a stopped run already moved past this transaction holds it.
      if (transactionId <= kept.through) continue;
      state.balances.set(row.account, kept.balance);
      for (const difference of applyPosting(state, transactionId, { account: row.account, amount: num(row.amount) })) {
        differences.add([transactionId, 4, row.account], difference);
      }
      const replayed = { balance: state.balances.get(row.account)!, through: transactionId };
      touched.set(row.account, replayed);
      through.set(row.account, transactionId);
    }
    await saveVerifiedBalances(
      db,
      new Map([...through.keys()].map((account) => [account, touched.get(account)!.balance])),
      through,
    );
    const last = rows.at(-1)!;
    cursor = { transactionId: num(last.transaction_id), account: last.account };
  }

  for (const accounts of batches(touched.keys(), batchSize, compareAccounts)) {
    const replayed = new Map(accounts.map((account) => [account, touched.get(account)!.balance]));
    const stored = await snapshot(async (trx) => {
      const { rows: storedRows } = await sql<{ account: string; balance: unknown }>`
        select account, balance from ledger_accounts where account = any(${accounts}::text[])`.execute(trx);
      const { rows: late } = await sql<PostingRow>`
        select p.account, p.transaction_id, p.amount
        from unnest(${accounts}::text[], ${accounts.map((account) => touched.get(account)!.through)}::bigint[])
          as m(account, mark)
        join lateral (
          select account, transaction_id, amount from ledger_postings
          where account = m.account and transaction_id > m.mark
        ) p on true
        order by p.account, p.transaction_id`.execute(trx);
      const state = { balances: replayed };
      for (const row of late) {
        const transactionId = num(row.transaction_id);
        for (const difference of applyPosting(state, transactionId, {
          account: row.account,
          amount: num(row.amount),
        })) {
          differences.add([transactionId, 4, row.account], difference);
        }
      }
      return new Map(storedRows.map((row) => [row.account, num(row.balance)]));
    });
    for (const difference of compareBalances(replayed, stored)) {
      differences.add([Infinity, 0, (difference as { account: string }).account], difference);
    }
    await advance(accounts.length);
  }
  return touched.size;
}

interface MovementRow {
  lot_id: unknown;
  transaction_id: unknown;
  wallet_amount: unknown;
  escrow: string | null;
  escrow_amount: unknown;
  account: string | null;
  amount: unknown;
  created_by: unknown;
}

interface TouchedLot {
  lot: ReplayedLot;
  escrowPortions: Record<string, number>;
  through: number;
}

/**
 * Replays the lot movements after `since` up to the mark onto the kept lots, then compares the touched lots with the
 * stored ones. Answers how many lots it compared.
 */
async function replayLots(
  { db, batchSize, snapshot, advance, mark }: RunContext,
  since: number,
  differences: FirstDifferences,
): Promise<number> {
  const touched = new Map<number, TouchedLot>();
  const movementColumns = sql`m.lot_id, m.transaction_id, m.wallet_amount, m.escrow, m.escrow_amount,
    l.account, l.amount, l.transaction_id as created_by`;
  /** Replays movements into the touched lots, in the order given; answers the lots it moved. */
  const replay = (rows: MovementRow[], report: boolean): Set<number> => {
    const moved = new Set<number>();
    for (const row of rows) {
      const lotId = num(row.lot_id);
      const transactionId = num(row.transaction_id);
      const known = touched.get(lotId);
      if (known && transactionId <= known.through) continue;
      const state = emptyReplayState();
      if (known) {
        state.lots.set(lotId, known.lot);
        for (const [escrow, coins] of Object.entries(known.escrowPortions)) {
          state.escrowPortions.set(`${escrow} ${lotId}`, coins);
        }
      } else if (row.account !== null && num(row.created_by) <= transactionId) {
        createLot(state, { id: lotId, account: row.account, amount: num(row.amount) });
      }
      const movement = toMovement(row.lot_id, row.wallet_amount, row.escrow, row.escrow_amount);
      const found = applyLotMovement(state, transactionId, movement);
      if (report) {
        for (const difference of found) {
          differences.add([transactionId, 2, lotId, difference.kind === 'NEGATIVE_ESCROW_PORTION' ? 1 : 0], difference);
        }
      }
      const lot = state.lots.get(lotId);
      if (!lot) continue;
      const escrowPortions = { ...known?.escrowPortions };
      if (movement.escrow !== null)
        escrowPortions[movement.escrow] = state.escrowPortions.get(`${movement.escrow} ${lotId}`)!;
      touched.set(lotId, { lot, escrowPortions, through: transactionId });
      moved.add(lotId);
    }
    return moved;
  };

  let cursor = { transactionId: since, lotId: 0 };
  for (;;) {
    const { rows } = await sql<MovementRow>`
      select ${movementColumns}
      from ledger_lot_movements m left join ledger_lots l on l.id = m.lot_id
      where m.transaction_id > ${since} and m.transaction_id <= ${mark}
        and (m.transaction_id, m.lot_id) > (${cursor.transactionId}::bigint, ${cursor.lotId}::bigint)
      order by m.transaction_id, m.lot_id
      limit ${batchSize}`.execute(db);
    if (rows.length === 0) break;
    const unseen = [...new Set(rows.map((row) => num(row.lot_id)).filter((lotId) => !touched.has(lotId)))];
    const kept = await loadVerifiedLots(db, unseen);
    for (const row of rows) {
      const lotId = num(row.lot_id);
      const lot = kept.get(lotId);
      if (!lot || touched.has(lotId) || row.account === null) continue;
      touched.set(lotId, {
        lot: { account: row.account, amount: num(row.amount), remaining: lot.remaining },
        escrowPortions: lot.escrowPortions,
        through: lot.through,
      });
    }
    const moved = replay(rows, true);
    const state = emptyReplayState();
    const through = new Map<number, number>();
    for (const lotId of moved) {
      const lot = touched.get(lotId)!;
      state.lots.set(lotId, lot.lot);
      for (const [escrow, coins] of Object.entries(lot.escrowPortions))
        state.escrowPortions.set(`${escrow} ${lotId}`, coins);
      through.set(lotId, lot.through);
    }
    await saveVerifiedLots(db, state, through);
    const last = rows.at(-1)!;
    cursor = { transactionId: num(last.transaction_id), lotId: num(last.lot_id) };
  }

  for (const lotIds of batches(touched.keys(), batchSize, (a, b) => a - b)) {
    const stored = await snapshot(async (trx) => {
      const { rows: storedRows } = await sql<{ id: unknown; account: string; amount: unknown; remaining: unknown }>`
        select id, account, amount, remaining from ledger_lots where id = any(${lotIds}::bigint[])`.execute(trx);
      const { rows: late } = await sql<MovementRow>`
        select ${movementColumns}
        from unnest(${lotIds}::bigint[], ${lotIds.map((lotId) => touched.get(lotId)!.through)}::bigint[])
          as k(lot_id, mark)
        join ledger_lot_movements m on m.lot_id = k.lot_id and m.transaction_id > k.mark
        left join ledger_lots l on l.id = m.lot_id
        order by m.lot_id, m.transaction_id`.execute(trx);
      replay(late, true);
      return new Map<number, ReplayedLot>(
        storedRows.map((row) => [
          num(row.id),
          { account: row.account, amount: num(row.amount), remaining: num(row.remaining) },
        ]),
      );
    });
    const replayed = new Map(lotIds.map((lotId) => [lotId, touched.get(lotId)!.lot]));
    for (const difference of compareLots(replayed, stored)) {
      const { lotId, field } = difference as { lotId: number; field: string };
      differences.add([Infinity, 1, lotId, (LOT_FIELDS as readonly string[]).indexOf(field)], difference);
    }
    await advance(lotIds.length);
  }
  return touched.size;
}
