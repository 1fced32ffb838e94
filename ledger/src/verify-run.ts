/*
 * The start of a verify run, shared by the full replay (`verify.ts`) and the incremental one (`verify-incremental.ts`):
 * the options and the report, the run's high-water mark (the newest transaction when it starts) and its progress,
 * and the check of each transaction up to the mark, read again when one below the mark was still committing.
 */
import { sql } from 'kysely';
import { asLedgerDb, type LedgerExecutor } from './engine';
import { checkLotsExplainPostings, checkShape, type VerifyDifference } from './replay';
import type { LedgerDb } from './repository';
import type { LedgerTables } from './table';
import { FirstDifferences } from './verify-differences';

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
