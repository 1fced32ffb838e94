import { sql } from 'kysely';
import type { LedgerTransactionType } from '@fanmission/contracts';
import { asLedgerDb, type LedgerExecutor } from './engine';
import {
  compareProjections,
  emptyReplayState,
  evolve,
  type ReplayedLot,
  type StoredTransaction,
  type VerifyDifference,
} from './replay';
import type { LedgerDb } from './repository';
import type { LedgerTables } from './table';

export interface VerifyReport {
  transactions: number;
  postings: number;
  accounts: number;
  lots: number;
  /** Empty when the log and the projections agree; otherwise every difference found. */
  differences: VerifyDifference[];
}

const PAGE = 5_000;

export interface VerifyOptions {
  /** Called after each page of transactions with how many are done out of the snapshot's total. */
  onProgress?: (done: number, total: number) => Promise<void> | void;
}

/**
 * Replays every transaction of the log, checking each one (balanced, lot movements explaining its wallet and escrow
 * postings, nothing going negative) and comparing the replayed balances and lots with the stored ones. Given a pool
 * it reads one consistent snapshot (REPEATABLE READ); given a transaction it reads what that transaction sees.
 */
export async function verify<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  options: VerifyOptions = {},
): Promise<VerifyReport> {
  const ledgerDb = asLedgerDb(db);
  if (ledgerDb.isTransaction) return replayLog(ledgerDb, options);
  return ledgerDb
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => replayLog(trx, options));
}

async function replayLog(db: LedgerDb, options: VerifyOptions): Promise<VerifyReport> {
  const total = options.onProgress
    ? Number((await sql<{ n: string }>`select count(*) as n from ledger_transactions`.execute(db)).rows[0]!.n)
    : 0;
  const stored = await readProjections(db);
  const state = emptyReplayState();
  const differences: VerifyDifference[] = [];
  let transactions = 0;
  let postings = 0;
  let after = 0;
  for (;;) {
    const page = await readTransactions(db, after, stored.lotsByTransaction);
    if (page.length === 0) break;
    for (const transaction of page) {
      differences.push(...evolve(state, transaction));
      postings += transaction.postings.length;
    }
    transactions += page.length;
    after = page.at(-1)!.id;
    await options.onProgress?.(transactions, total);
  }
  differences.push(...compareProjections(state, stored));
  return { transactions, postings, accounts: stored.balances.size, lots: stored.lots.size, differences };
}

async function readTransactions(
  db: LedgerDb,
  after: number,
  lotsByTransaction: Map<number, StoredTransaction['createdLots']>,
): Promise<StoredTransaction[]> {
  const { rows } = await sql<{
    id: unknown;
    type: LedgerTransactionType;
    postings: [string, unknown][] | null;
    movements: [unknown, unknown, string | null, unknown][] | null;
  }>`
    select t.id, t.type,
      (select json_agg(json_build_array(p.account, p.amount) order by p.account)
       from ledger_postings p where p.transaction_id = t.id) as postings,
      (select json_agg(json_build_array(m.lot_id, m.wallet_amount, m.escrow, m.escrow_amount) order by m.lot_id)
       from ledger_lot_movements m where m.transaction_id = t.id) as movements
    from ledger_transactions t
    where t.id > ${after}
    order by t.id
    limit ${PAGE}`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    postings: (row.postings ?? []).map(([account, amount]) => ({ account, amount: Number(amount) })),
    lotMovements: (row.movements ?? []).map(([lotId, walletAmount, escrow, escrowAmount]) => ({
      lotId: Number(lotId),
      walletAmount: Number(walletAmount),
      escrow,
      escrowAmount: escrowAmount === null ? null : Number(escrowAmount),
    })),
    createdLots: lotsByTransaction.get(Number(row.id)) ?? [],
  }));
}

interface StoredProjections {
  balances: Map<string, number>;
  lots: Map<number, ReplayedLot>;
  lotsByTransaction: Map<number, StoredTransaction['createdLots']>;
}

async function readProjections(db: LedgerDb): Promise<StoredProjections> {
  const accounts = await db.selectFrom('ledger_accounts').select(['account', 'balance']).execute();
  const lots = await db
    .selectFrom('ledger_lots')
    .select(['id', 'account', 'amount', 'remaining', 'transaction_id'])
    .orderBy('id')
    .execute();
  const lotsByTransaction = new Map<number, StoredTransaction['createdLots']>();
  for (const lot of lots) {
    const transactionId = Number(lot.transaction_id);
    const created = lotsByTransaction.get(transactionId) ?? [];
    created.push({ id: Number(lot.id), account: lot.account, amount: Number(lot.amount) });
    lotsByTransaction.set(transactionId, created);
  }
  return {
    lotsByTransaction,
    balances: new Map(accounts.map((row) => [row.account, Number(row.balance)])),
    lots: new Map(
      lots.map((row) => [
        Number(row.id),
        { account: row.account, amount: Number(row.amount), remaining: Number(row.remaining) },
      ]),
    ),
  };
}
