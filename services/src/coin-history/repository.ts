import type { CoinDepositPayment, CoinHistoryRowDto, CoinItemType, CoinRefundStatus } from '@fanmission/contracts';
import type { LedgerEntry, LedgerMetadata } from '@fanmission/ledger';
import { sql, type InferResult } from 'kysely';
import type { DbExecutor } from '../db';

/*
 * Reads of the ledger's tables for the coin history (the ledger's `history` pages a whole account; the history page
 * also filters by month), of the charges behind ledger transactions, and of refund requests. Nothing here writes to
 * the ledger: money moves only through the ledger's operations.
 */
export interface Window {
  offset: number;
  limit: number;
}

/** The ids of the transactions that touched a wallet, newest first, optionally within [from, to). */
export async function findWalletTransactionPage(
  db: DbExecutor,
  wallet: string,
  period: { from: Date; to: Date } | null,
  window: Window,
): Promise<{ transactionIds: number[]; total: number }> {
  if (!period) {
    // The whole history: newest first by transaction id (taken when the transaction is appended, so in the order of
    // its time) from the (account, transaction_id) index, the total from the wallet's version (one per posting). The
    // order by time below reads and sorts the wallet's whole history on every page.
    const [rows, account] = await Promise.all([
      db
        .selectFrom('ledger_postings')
        .select('transaction_id')
        .where('account', '=', wallet)
        .orderBy('transaction_id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      db.selectFrom('ledger_accounts').select('version').where('account', '=', wallet).executeTakeFirst(),
    ]);
    return { transactionIds: rows.map((row) => row.transaction_id), total: Number(account?.version ?? 0) };
  }
  const query = db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .where('p.account', '=', wallet)
    .where('t.occurred_at', '>=', period.from)
    .where('t.occurred_at', '<', period.to);
  const rows = await query
    .select(['t.id', sql<number>`count(*) over ()`.as('total')])
    .orderBy('t.occurred_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  if (rows.length > 0) return { transactionIds: rows.map((row) => row.id), total: Number(rows[0]!.total) };
  if (window.offset === 0) return { transactionIds: [], total: 0 };
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { transactionIds: [], total: Number(counted.total) };
}

/** The ledger transactions with these ids, with all their postings, in the order of `ids`. */
export async function findLedgerEntries(db: DbExecutor, ids: readonly number[]): Promise<LedgerEntry[]> {
  if (ids.length === 0) return [];
  const [transactions, postings] = await Promise.all([
    db
      .selectFrom('ledger_transactions')
      .select(['id', 'type', 'idempotency_key', 'occurred_at', 'metadata'])
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('ledger_postings')
      .select(['transaction_id', 'account', 'amount'])
      .where('transaction_id', 'in', ids)
      .orderBy('account')
      .execute(),
  ]);
  const byId = new Map(
    transactions.map((row) => [
      row.id,
      {
        transactionId: row.id,
        type: row.type,
        idempotencyKey: row.idempotency_key,
        occurredAt: row.occurred_at,
        postings: [] as LedgerEntry['postings'],
        metadata: row.metadata as LedgerMetadata,
      },
    ]),
  );
  for (const posting of postings) {
    byId.get(posting.transaction_id)?.postings.push({ account: posting.account, amount: Number(posting.amount) });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface DepositView {
  id: number;
  userId: number;
  ledgerTransactionId: number;
  payment: CoinDepositPayment | null;
  coinItem: { id: number; name: string; point: number; itemType: CoinItemType };
}

function depositsQuery(db: DbExecutor) {
  return db
    .selectFrom('coin_deposits as d')
    .innerJoin('coin_items as i', 'i.id', 'd.coin_item_id')
    .leftJoin('payments as p', 'p.id', 'd.payment_id')
    .leftJoin('bank_transfers as b', 'b.id', 'd.bank_transfer_id')
    .leftJoin('cash_receipts as r', 'r.bank_transfer_id', 'd.bank_transfer_id')
    .select([
      'd.id',
      'd.user_id',
      'd.ledger_transaction_id',
      'd.payment_id',
      'd.bank_transfer_id',
      'i.id as coin_item_id',
      'i.name as coin_item_name',
      sql<number>`coalesce(b.point, i.point)`.as('coin_item_point'),
      'i.item_type',
      'p.pay_method',
      'p.currency',
      'p.amount as payment_amount',
      'b.amount as bank_transfer_amount',
      'p.receipt_url',
      'r.approval_number as cash_receipt_approval_number',
    ]);
}

type DepositRow = InferResult<ReturnType<typeof depositsQuery>>[number];

function toDepositView(row: DepositRow): DepositView {
  let payment: CoinDepositPayment | null = null;
  if (row.payment_id !== null && row.pay_method !== null && row.currency !== null && row.payment_amount !== null) {
    payment = {
      payMethod: row.pay_method,
      paymentId: row.payment_id,
      bankTransferId: null,
      currency: row.currency,
      amount: Number(row.payment_amount),
      receiptUrl: row.receipt_url,
      cashReceiptApprovalNumber: null,
    };
  } else if (row.bank_transfer_id !== null && row.bank_transfer_amount !== null) {
    payment = {
      payMethod: 'withoutbankbook',
      paymentId: null,
      bankTransferId: row.bank_transfer_id,
      currency: 'KRW',
      amount: Number(row.bank_transfer_amount),
      receiptUrl: null,
      cashReceiptApprovalNumber: row.cash_receipt_approval_number,
    };
  }
  return {
    id: row.id,
    userId: row.user_id,
    ledgerTransactionId: row.ledger_transaction_id,
    payment,
    coinItem: {
      id: row.coin_item_id,
      name: row.coin_item_name,
      point: row.coin_item_point,
      itemType: row.item_type,
    },
  };
}

/** The charges that the ledger transactions with these ids credited, by transaction id. */
export async function findDepositsByTransaction(
  db: DbExecutor,
  transactionIds: readonly number[],
): Promise<Map<number, DepositView>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await depositsQuery(db)
    .where('d.ledger_transaction_id', 'in', [...new Set(transactionIds)])
    .execute();
  return new Map(rows.map((row) => [row.ledger_transaction_id, toDepositView(row)]));
}

export async function findDepositsById(db: DbExecutor, ids: readonly number[]): Promise<Map<number, DepositView>> {
  if (ids.length === 0) return new Map();
  const rows = await depositsQuery(db)
    .where('d.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toDepositView(row)]));
}

export async function findDeposit(db: DbExecutor, depositId: number): Promise<DepositView | undefined> {
  const row = await depositsQuery(db).where('d.id', '=', depositId).executeTakeFirst();
  return row && toDepositView(row);
}

export async function findCoinsFrozenAt(db: DbExecutor, userId: number): Promise<Date | null> {
  const row = await db.selectFrom('users').select('coins_frozen_at').where('id', '=', userId).executeTakeFirst();
  return row?.coins_frozen_at ?? null;
}

/** What a coin-history row shows of its mission: status (and why it ended refused) and the product's type and name. */
export async function findMissionSummaries(
  db: DbExecutor,
  missionIds: readonly number[],
): Promise<Map<number, NonNullable<CoinHistoryRowDto['mission']>>> {
  if (missionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('missions')
    .innerJoin('mission_products', 'mission_products.id', 'missions.product_id')
    .innerJoin('creators', 'creators.id', 'mission_products.creator_id')
    .select([
      'missions.id',
      'missions.status',
      'missions.rejection_reason',
      'mission_products.type',
      'mission_products.name',
      'creators.name as creator_name',
    ])
    .where('missions.id', 'in', [...new Set(missionIds)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        status: row.status,
        rejectionReason: row.rejection_reason,
        missionProduct: { type: row.type, name: row.name },
        creatorName: row.creator_name,
      },
    ]),
  );
}

/** The withdrawal asked of each of these charges (coin deposits), by deposit id: its status and due day. */
export async function findWithdrawalsOfDeposits(
  db: DbExecutor,
  depositIds: readonly number[],
): Promise<Map<number, { status: CoinRefundStatus; dueOn: string }>> {
  if (depositIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('coin_refunds')
    .select(['coin_deposit_id', 'status', sql<string>`to_char(due_on, 'YYYY-MM-DD')`.as('due_on')])
    .where('kind', '=', 'WITHDRAWAL')
    .where('coin_deposit_id', 'in', depositIds)
    .execute();
  return new Map(rows.map((row) => [row.coin_deposit_id!, { status: row.status, dueOn: row.due_on }]));
}
