/*
 * `verify`: the whole log replayed against the stored accounts and lots, in bounded batches. One file of more than
 * 300 lines on purpose: the paging below a high-water mark, the passes for late commits and the report are one
 * algorithm whose invariants are only convincing read together.
 */
import { sql, type RawBuilder } from 'kysely';
import { compareAccounts } from './accounts';
import { asLedgerDb, type LedgerExecutor } from './engine';
import {
  applyLotMovement,
  applyPosting,
  checkLotsExplainPostings,
  checkShape,
  compareBalances,
  compareLots,
  createLot,
  emptyReplayState,
  LOT_FIELDS,
  type ReplayedLot,
  type ReplayState,
  type StoredLotMovement,
  type VerifyDifference,
} from './replay';
import type { LedgerDb } from './repository';
import { saveCheckpointMark, saveVerifiedBalances, saveVerifiedLots } from './verify-checkpoint';
import type { LedgerTables } from './table';

export interface VerifyReport {
  /** FULL: the whole log replayed; INCREMENTAL: the transactions after `since` replayed from the checkpoint. */
  mode: 'FULL' | 'INCREMENTAL';
  /** The checkpoint's mark an incremental run started from (0 for a full run). */
  since: number;
  /** Transactions checked: every one up to the run's high-water mark (the newest transaction when it started). */
  transactions: number;
  postings: number;
  accounts: number;
  lots: number;
  /** The first `maxDifferences` differences, in the order of a replay of the log (see `verify`). */
  differences: VerifyDifference[];
  /** How many differences there are in all; `differences` is empty only when this is 0. */
  differenceCount: number;
}

export interface VerifyOptions {
  /**
   * Called after each batch with the work done out of the work expected. The work is counted in rows: the
   * transactions up to the high-water mark, then the accounts, then the lots (expected counts taken at the start).
   */
  onProgress?: (done: number, total: number) => Promise<void> | void;
  /** Rows per batch: transactions, accounts, lots per batch, and postings and lot movements per page. */
  batchSize?: number;
  /** How many differences the report lists (it counts them all). */
  maxDifferences?: number;
  /**
   * Keep what the replay computed as the checkpoint a later `verifyIncremental` starts from (verify-checkpoint.ts):
   * each account's balance and each lot's state as of the run's high-water mark.
   */
  saveCheckpoint?: boolean;
}

export const DEFAULT_VERIFY_BATCH_SIZE = 1_000;
export const DEFAULT_MAX_DIFFERENCES = 1_000;
/** A transaction below the high-water mark that commits after its page was read: read the log again (rare). */
const TRANSACTION_PASSES = 5;

/**
 * Replays the log against the stored projections with memory bounded by the batch size, whatever the ledger's size
 *. The rules are those of `replay.ts`, applied in three streams, each in key order by keyset pagination:
 *
 * 1. Transactions, by id up to a high-water mark (the newest id when the run starts): each one balanced, with at least
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

/**
 * The start of a run: its high-water mark (the newest transaction id when it starts), then the check of every
 * transaction after `since` up to the mark, read again when one below the mark was still committing.
 */
export async function startRun<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  options: VerifyOptions,
  since: number,
): Promise<{ context: RunContext; mark: number; log: LogCheck }> {
  const ledgerDb = asLedgerDb(db);
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_VERIFY_BATCH_SIZE));
  const maxDifferences = Math.max(0, Math.floor(options.maxDifferences ?? DEFAULT_MAX_DIFFERENCES));
  const snapshot = <T>(work: (trx: LedgerDb) => Promise<T>): Promise<T> =>
    ledgerDb.isTransaction
      ? work(ledgerDb)
      : ledgerDb.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);

  const mark = await snapshot(async (trx) => {
    const { rows } = await sql<{ mark: unknown }>`select coalesce(max(id), 0) as mark from ledger_transactions`.execute(
      trx,
    );
    return Number(rows[0]!.mark);
  });
  const progress = { done: 0, total: 0 };
  if (options.onProgress) {
    // A full run's accounts and lots are all of them; an incremental run's are those the new transactions touch.
    const { rows } = await sql<{ transactions: unknown; accounts: unknown; lots: unknown }>`
      select (select count(*) from ledger_transactions where id > ${since} and id <= ${mark}) as transactions,
        ${since === 0 ? sql`(select count(*) from ledger_accounts)` : sql`0`} as accounts,
        ${since === 0 ? sql`(select count(*) from ledger_lots)` : sql`0`} as lots`.execute(ledgerDb);
    const counts = rows[0]!;
    progress.total = Number(counts.transactions) + Number(counts.accounts) + Number(counts.lots);
  }
  const advance = async (rows: number) => {
    progress.done += rows;
    await options.onProgress?.(progress.done, Math.max(progress.total, progress.done));
  };
  const context: RunContext = {
    db: ledgerDb,
    batchSize,
    snapshot,
    advance,
    mark,
    saveCheckpoint: options.saveCheckpoint ?? false,
  };

  for (let pass = 0; pass < TRANSACTION_PASSES; pass++) {
    const differences = new FirstDifferences(maxDifferences);
    const checked = await checkTransactions(context, since, differences);
    const { rows } = await sql<{ n: unknown }>`
      select count(*) as n from ledger_transactions where id > ${since} and id <= ${mark}`.execute(ledgerDb);
    if (Number(rows[0]!.n) === checked.transactions) return { context, mark, log: { ...checked, differences } };
    progress.done -= checked.transactions;
  }
  throw new Error('verify: transactions below the high-water mark kept committing late; run it again');
}

export interface RunContext {
  db: LedgerDb;
  batchSize: number;
  snapshot: <T>(work: (trx: LedgerDb) => Promise<T>) => Promise<T>;
  advance: (rows: number) => Promise<void>;
  /** The run's high-water mark: every transaction up to it is replayed (and committed: see `startRun`). */
  mark: number;
  saveCheckpoint: boolean;
}

export interface LogCheck {
  transactions: number;
  postings: number;
  differences: FirstDifferences;
}

// ----- the order of the report -----

/**
 * Where a difference comes in a replay of the whole log: [transaction id, step, key within the step, sub-step].
 * Steps within a transaction as `evolve` takes them: 0 too few postings, 1 unbalanced, 2 lot movements by lot id
 * (0 the lot itself, 1 its escrow portion), 3 lots not explaining postings by account, 4 negative balances by
 * account. After the log (id Infinity): 0 balances by account, 1 lots by id and field.
 */
export type SortKey = readonly [number, number, (string | number)?, number?];

const compareKeys = (a: SortKey, b: SortKey): number => {
  for (let index = 0; index < 4; index++) {
    const x = a[index];
    const y = b[index];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return compareAccounts(String(x), String(y));
  }
  return 0;
};

/** The first `limit` differences in report order, in memory bounded by `limit`; counts every one. */
export class FirstDifferences {
  count = 0;
  private kept: { key: SortKey; sequence: number; difference: VerifyDifference }[] = [];

  constructor(private readonly limit: number) {}

  add(key: SortKey, difference: VerifyDifference): void {
    this.count += 1;
    if (this.limit === 0) return;
    this.kept.push({ key, sequence: this.count, difference });
    if (this.kept.length >= 2 * this.limit) this.trim();
  }

  first(): VerifyDifference[] {
    this.trim();
    return this.kept.map((entry) => entry.difference);
  }

  private trim(): void {
    this.kept.sort((a, b) => compareKeys(a.key, b.key) || a.sequence - b.sequence);
    this.kept.length = Math.min(this.kept.length, this.limit);
  }
}

export const num = (value: unknown) => Number(value);

// ----- 1. transactions -----

async function checkTransactions(
  { db, batchSize, advance, mark }: RunContext,
  since: number,
  differences: FirstDifferences,
): Promise<{ transactions: number; postings: number }> {
  let transactions = 0;
  let postings = 0;
  let after = since;
  for (;;) {
    const { rows } = await sql<{
      id: unknown;
      postings: [string, unknown][] | null;
      movements: [unknown, unknown, string | null, unknown, string | null][] | null;
    }>`
      select t.id,
        (select json_agg(json_build_array(p.account, p.amount) order by p.account)
         from ledger_postings p where p.transaction_id = t.id) as postings,
        (select json_agg(json_build_array(m.lot_id, m.wallet_amount, m.escrow, m.escrow_amount, l.account)
                         order by m.lot_id)
         from ledger_lot_movements m
         left join ledger_lots l on l.id = m.lot_id and l.transaction_id <= m.transaction_id
         where m.transaction_id = t.id) as movements
      from ledger_transactions t
      where t.id > ${after} and t.id <= ${mark}
      order by t.id
      limit ${batchSize}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const id = num(row.id);
      const lotAccounts = new Map<number, string | null>();
      const transaction = {
        id,
        postings: (row.postings ?? []).map(([account, amount]) => ({ account, amount: num(amount) })),
        lotMovements: (row.movements ?? []).map(([lotId, walletAmount, escrow, escrowAmount, account]) => {
          lotAccounts.set(num(lotId), account);
          return toMovement(lotId, walletAmount, escrow, escrowAmount);
        }),
      };
      for (const difference of checkShape(transaction)) {
        differences.add([id, difference.kind === 'TOO_FEW_POSTINGS' ? 0 : 1], difference);
      }
      for (const difference of checkLotsExplainPostings(transaction, (lotId) => lotAccounts.get(lotId) ?? null)) {
        differences.add([id, 3, (difference as { account: string }).account], difference);
      }
      postings += transaction.postings.length;
    }
    transactions += rows.length;
    after = num(rows.at(-1)!.id);
    await advance(rows.length);
  }
  return { transactions, postings };
}

export const toMovement = (lotId: unknown, walletAmount: unknown, escrow: string | null, escrowAmount: unknown) => ({
  lotId: num(lotId),
  walletAmount: num(walletAmount),
  escrow,
  escrowAmount: escrowAmount === null ? null : num(escrowAmount),
});

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
