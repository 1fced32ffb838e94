/*
 * `verify`: the whole log replayed against the stored accounts and lots, in bounded batches: the full run, and its
 * checks of the stored balances and lots by key range (the run's start and its check of each transaction are in
 * `verify-run.ts`, shared with the incremental run; the report's order in `verify-differences.ts`). The paging below
 * the run's high-water mark and the passes for late commits are one algorithm: the comment on `verify` states its
 * invariants.
 */
import { sql, type RawBuilder } from 'kysely';
import type { LedgerExecutor } from './engine';
import {
  applyLotMovement,
  applyPosting,
  compareBalances,
  compareLots,
  createLot,
  emptyReplayState,
  LOT_FIELDS,
  type ReplayedLot,
  type ReplayState,
  type StoredLotMovement,
} from './replay';
import type { LedgerTables } from './table';
import { saveCheckpointMark, saveVerifiedBalances, saveVerifiedLots } from './verify-checkpoint';
import type { FirstDifferences } from './verify-differences';
import { num, startRun, toMovement, type RunContext, type VerifyOptions, type VerifyReport } from './verify-run';

/**
 * Replays the log against the stored projections with memory bounded by the batch size, whatever the ledger's size
 *. The rules are those of `replay.ts`, applied in three streams, each in key order by keyset pagination:
 *
 * 1. Transactions (`startRun`), by id up to a high-water mark (the newest id when the run starts): each one balanced, with at least
 *    two postings, and its wallet and escrow postings explained by its lot movements. These checks look at one
 *    transaction only. A page is one statement: a transaction appears whole or not at all. A transaction below the
 *    mark that was still committing when its page was read is caught by a recount at the end (the pass is read again).
 * 2. Accounts, `batchSize` at a time (a range of names): the postings of those accounts in (account, id) order, pages
 *    of `batchSize`, replayed into running balances (NEGATIVE_BALANCE), then compared with the stored balances.
 * 3. Lots, `batchSize` at a time (a range of ids): their movements in (lot, id) order, replayed into the lots and their
 *    escrow portions (UNKNOWN_LOT, LOT_OUT_OF_RANGE, NEGATIVE_ESCROW_PORTION), then compared with the stored lots.
 *
 * Consistency, without one long snapshot over the whole run (which would hold back the event consumers):
 * every page is its own short statement, and each batch of accounts or lots ends with one short REPEATABLE READ
 * read-only transaction that reads the stored balances (lots) of the batch together with the postings (movements)
 * committed after the last one the pages replayed for each account (lot), the batch's per-key high-water mark. It
 * replays those too, then compares: stored and replayed state come from the same snapshot. Paging across snapshots
 * loses nothing because transaction ids are taken under the account locks (the engine; lots move under their
 * wallet's and escrow's locks): for one account or lot, id order is commit order, so what a snapshot sees of it is a
 * prefix of its history in id order. Accounts and lots created during the run in a range already checked are left
 * for the next run. Postings to accounts that are not in `ledger_accounts` are found in their name range.
 *
 * The report lists the first `maxDifferences` differences in the order a replay of the whole log in id order would
 * find them (by transaction, then balances by account name, then lots by id), and counts them all.
 *
 * Given a transaction (a Kysely `Transaction`), it reads everything in that transaction.
 */
export async function verify<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  options: VerifyOptions = {},
): Promise<VerifyReport> {
  const run = await startRun(db, options, 0);
  const differences = run.log.differences;
  const accounts = await checkAccounts(run.context, differences);
  const lots = await checkLots(run.context, differences);
  if (run.context.saveCheckpoint) await saveCheckpointMark(run.context.db, run.mark, 'FULL');
  return {
    mode: 'FULL',
    since: 0,
    transactions: run.log.transactions,
    postings: run.log.postings,
    accounts,
    lots,
    differences: differences.first(),
    differenceCount: differences.count,
  };
}

// ----- 2. accounts -----

/** A range of keys (lower bound excluded, upper included; null: unbounded). */
interface KeyRange<K> {
  after: K | null;
  upTo: K | null;
}

const inRange = <K>(column: RawBuilder<unknown>, range: KeyRange<K>, cast: 'text' | 'bigint'): RawBuilder<unknown> =>
  sql`(${range.after === null ? sql`true` : sql`${column} > ${range.after}::${sql.raw(cast)}`}
    and ${range.upTo === null ? sql`true` : sql`${column} <= ${range.upTo}::${sql.raw(cast)}`})`;

async function checkAccounts(context: RunContext, differences: FirstDifferences): Promise<number> {
  const { db, batchSize } = context;
  let accounts = 0;
  let after: string | null = null;
  for (;;) {
    const { rows } = await sql<{ account: string }>`
      select account from ledger_accounts
      where ${after === null ? sql`true` : sql`account > ${after}`}
      order by account limit ${batchSize}`.execute(db);
    // The last batch has no upper bound: it also covers postings to accounts after the last stored one.
    const range: KeyRange<string> = { after, upTo: rows.length < batchSize ? null : rows.at(-1)!.account };
    accounts += await checkAccountRange(context, range, differences);
    if (range.upTo === null) return accounts;
    after = range.upTo;
  }
}

interface PostingRow {
  account: string;
  transaction_id: unknown;
  amount: unknown;
}

async function checkAccountRange(
  { db, batchSize, snapshot, advance, mark, saveCheckpoint }: RunContext,
  range: KeyRange<string>,
  differences: FirstDifferences,
): Promise<number> {
  const state: Pick<ReplayState, 'balances'> = { balances: new Map() };
  /** The last transaction replayed per account: its high-water mark. */
  const marks = new Map<string, number>();
  const replay = (rows: PostingRow[]) => {
    for (const row of rows) {
      const transactionId = num(row.transaction_id);
      for (const difference of applyPosting(state, transactionId, { account: row.account, amount: num(row.amount) })) {
        differences.add([transactionId, 4, row.account], difference);
      }
      marks.set(row.account, transactionId);
    }
  };
  let cursor: { account: string; transactionId: number } | null = null;
  for (;;) {
    const after: RawBuilder<unknown> =
      cursor === null
        ? sql`true`
        : sql`(account, transaction_id) > (${cursor.account}::text, ${cursor.transactionId}::bigint)`;
    const { rows }: { rows: PostingRow[] } = await sql<PostingRow>`
      select account, transaction_id, amount from ledger_postings
      where ${inRange(sql.ref('account'), range, 'text')}
        and ${after} and transaction_id <= ${mark}
      order by account, transaction_id
      limit ${batchSize}`.execute(db);
    replay(rows);
    if (rows.length < batchSize) break;
    const last = rows[rows.length - 1]!;
    cursor = { account: last.account, transactionId: num(last.transaction_id) };
  }
  // The balances as of the mark (everything up to it is committed), before what came after is replayed below.
  if (saveCheckpoint) await saveVerifiedBalances(db, state.balances, mark);

  const stored = await snapshot(async (trx) => {
    const { rows: storedRows } = await sql<{ account: string; balance: unknown }>`
      select account, balance from ledger_accounts where ${inRange(sql.ref('account'), range, 'text')}`.execute(trx);
    const balances = new Map(storedRows.map((row) => [row.account, num(row.balance)]));
    // What committed after the pages read each account, seen in the same snapshot as the stored balances.
    const keys = [...new Set([...balances.keys(), ...marks.keys()])];
    const { rows: late } = await sql<PostingRow>`
      select p.account, p.transaction_id, p.amount
      from unnest(${keys}::text[], ${keys.map((key) => marks.get(key) ?? 0)}::bigint[]) as m(account, mark)
      join lateral (
        select account, transaction_id, amount from ledger_postings
        where account = m.account and transaction_id > m.mark
      ) p on true
      order by p.account, p.transaction_id`.execute(trx);
    replay(late);
    return balances;
  });
  for (const difference of compareBalances(state.balances, stored)) {
    differences.add([Infinity, 0, (difference as { account: string }).account], difference);
  }
  await advance(stored.size);
  return stored.size;
}

// ----- 3. lots -----

async function checkLots(context: RunContext, differences: FirstDifferences): Promise<number> {
  const { db, batchSize } = context;
  let lots = 0;
  let after: number | null = null;
  for (;;) {
    const { rows } = await sql<{ id: unknown }>`
      select id from ledger_lots where ${after === null ? sql`true` : sql`id > ${after}`}
      order by id limit ${batchSize}`.execute(db);
    // The last batch has no upper bound: it also covers movements of lots after the last stored one.
    const range: KeyRange<number> = { after, upTo: rows.length < batchSize ? null : num(rows.at(-1)!.id) };
    lots += await checkLotRange(context, range, differences);
    if (range.upTo === null) return lots;
    after = range.upTo;
  }
}

interface MovementRow {
  lot_id: unknown;
  transaction_id: unknown;
  wallet_amount: unknown;
  escrow: string | null;
  escrow_amount: unknown;
  /** The stored lot (null when there is none). */
  account: string | null;
  amount: unknown;
  created_by: unknown;
}

async function checkLotRange(
  { db, batchSize, snapshot, advance, mark, saveCheckpoint }: RunContext,
  range: KeyRange<number>,
  differences: FirstDifferences,
): Promise<number> {
  const state = emptyReplayState();
  const marks = new Map<number, number>();
  const replay = (rows: MovementRow[]) => {
    for (const row of rows) {
      const lotId = num(row.lot_id);
      const transactionId = num(row.transaction_id);
      // A lot enters the replay with the transaction that created it, before that transaction's movements.
      if (row.account !== null && !state.lots.has(lotId) && num(row.created_by) <= transactionId) {
        createLot(state, { id: lotId, account: row.account, amount: num(row.amount) });
      }
      const movement: StoredLotMovement = toMovement(row.lot_id, row.wallet_amount, row.escrow, row.escrow_amount);
      for (const difference of applyLotMovement(state, transactionId, movement)) {
        differences.add([transactionId, 2, lotId, difference.kind === 'NEGATIVE_ESCROW_PORTION' ? 1 : 0], difference);
      }
      marks.set(lotId, transactionId);
    }
  };
  let cursor: { lotId: number; transactionId: number } | null = null;
  for (;;) {
    const after: RawBuilder<unknown> =
      cursor === null
        ? sql`true`
        : sql`(m.lot_id, m.transaction_id) > (${cursor.lotId}::bigint, ${cursor.transactionId}::bigint)`;
    const { rows }: { rows: MovementRow[] } = await sql<MovementRow>`
      select m.lot_id, m.transaction_id, m.wallet_amount, m.escrow, m.escrow_amount,
        l.account, l.amount, l.transaction_id as created_by
      from ledger_lot_movements m left join ledger_lots l on l.id = m.lot_id
      where ${inRange(sql.ref('m.lot_id'), range, 'bigint')}
        and ${after} and m.transaction_id <= ${mark}
      order by m.lot_id, m.transaction_id
      limit ${batchSize}`.execute(db);
    replay(rows);
    if (rows.length < batchSize) break;
    const last = rows[rows.length - 1]!;
    cursor = { lotId: num(last.lot_id), transactionId: num(last.transaction_id) };
  }
  if (saveCheckpoint) await saveVerifiedLots(db, state, mark);

  const stored = await snapshot(async (trx) => {
    const { rows: storedRows } = await sql<{ id: unknown; account: string; amount: unknown; remaining: unknown }>`
      select id, account, amount, remaining from ledger_lots
      where ${inRange(sql.ref('id'), range, 'bigint')}`.execute(trx);
    const lots = new Map<number, ReplayedLot>(
      storedRows.map((row) => [
        num(row.id),
        { account: row.account, amount: num(row.amount), remaining: num(row.remaining) },
      ]),
    );
    const keys = [...new Set([...lots.keys(), ...marks.keys()])];
    const { rows: late } = await sql<MovementRow>`
      select m.lot_id, m.transaction_id, m.wallet_amount, m.escrow, m.escrow_amount,
        l.account, l.amount, l.transaction_id as created_by
      from unnest(${keys}::bigint[], ${keys.map((key) => marks.get(key) ?? 0)}::bigint[]) as k(lot_id, mark)
      join ledger_lot_movements m on m.lot_id = k.lot_id and m.transaction_id > k.mark
      left join ledger_lots l on l.id = m.lot_id
      order by m.lot_id, m.transaction_id`.execute(trx);
    replay(late);
    return lots;
  });
  // Every stored lot was created by a transaction of the log: one that has not moved (yet) is replayed empty.
  for (const [lotId, lot] of stored) {
    if (!state.lots.has(lotId)) createLot(state, { id: lotId, account: lot.account, amount: lot.amount });
  }
  for (const difference of compareLots(state.lots, stored)) {
    const { lotId, field } = difference as { lotId: number; field: string };
    differences.add([Infinity, 1, lotId, (LOT_FIELDS as readonly string[]).indexOf(field)], difference);
  }
  await advance(stored.size);
  return stored.size;
}
