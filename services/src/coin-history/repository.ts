import type {
  CoinDepositPayment,
  CoinHistoryRowDto,
  CoinItemType,
  CoinRefundKind,
  CoinRefundStatus,
  RefundBankAccount,
} from '@fanmission/contracts';
import type { LedgerEntry, LedgerMetadata } from '@fanmission/ledger';
import { sql, type Insertable } from 'kysely';
import type { DbExecutor } from '../db';
import type { CoinRefundPartRow, CoinRefundPartsTable, CoinRefundRow } from './table';

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
    .select([
      'd.id',
      'd.user_id',
      'd.ledger_transaction_id',
      'd.payment_id',
      'd.bank_transfer_id',
      'i.id as coin_item_id',
      'i.name as coin_item_name',
      'i.point as coin_item_point',
      'i.item_type',
      'p.pay_method',
      'p.currency',
      'p.amount as payment_amount',
      'b.amount as bank_transfer_amount',
    ]);
}

type DepositRow = Awaited<ReturnType<ReturnType<typeof depositsQuery>['executeTakeFirstOrThrow']>>;

function toDepositView(row: DepositRow): DepositView {
  let payment: CoinDepositPayment | null = null;
  if (row.payment_id !== null && row.pay_method !== null && row.currency !== null && row.payment_amount !== null) {
    payment = {
      payMethod: row.pay_method,
      paymentId: row.payment_id,
      bankTransferId: null,
      currency: row.currency,
      amount: Number(row.payment_amount),
    };
  } else if (row.bank_transfer_id !== null && row.bank_transfer_amount !== null) {
    payment = {
      payMethod: 'withoutbankbook',
      paymentId: null,
      bankTransferId: row.bank_transfer_id,
      currency: 'KRW',
      amount: Number(row.bank_transfer_amount),
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

export interface NewCoinRefund {
  userId: number;
  kind: CoinRefundKind;
  coinDepositId: number | null;
  ledgerTransactionId: number;
  coins: number;
  feeCoins: number;
  amount: number;
  requestedAt: Date;
  dueOn: string;
  bankAccount: RefundBankAccount | null;
  /** A withdrawal is paid back in its charge's own currency and amount; KRW otherwise. */
  currency?: string;
  /** In that currency's minor unit (won, cents); null where `amount` (won) is what is paid. */
  amountMinor?: number | null;
}

/** Records the refund request of a ledger transaction once: a replay finds the first one. */
export async function insertRefundOnce(db: DbExecutor, refund: NewCoinRefund): Promise<void> {
  await db
    .insertInto('coin_refunds')
    .values({
      user_id: refund.userId,
      kind: refund.kind,
      coin_deposit_id: refund.coinDepositId,
      ledger_transaction_id: refund.ledgerTransactionId,
      coins: refund.coins,
      fee_coins: refund.feeCoins,
      amount: refund.amount,
      requested_at: refund.requestedAt,
      due_on: refund.dueOn,
      bank_name: refund.bankAccount?.bankName ?? null,
      bank_account_holder: refund.bankAccount?.bankAccountHolder ?? null,
      bank_account_number: refund.bankAccount?.bankAccountNumber ?? null,
      currency: refund.currency ?? 'KRW',
      amount_minor: refund.amountMinor ?? null,
    })
    .onConflict((oc) => oc.column('ledger_transaction_id').doNothing())
    .execute();
}

/** Refund requests with their member and, for a withdrawal, the payment to cancel. */
function refundsQuery(db: DbExecutor) {
  return db
    .selectFrom('coin_refunds as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.user_id',
      'r.kind',
      'r.coin_deposit_id',
      'r.ledger_transaction_id',
      'r.coins',
      'r.fee_coins',
      'r.amount',
      'r.status',
      'r.requested_at',
      sql<string>`to_char(r.due_on, 'YYYY-MM-DD')`.as('due_on'),
      'r.paid_at',
      'r.paid_by',
      'r.note',
      'r.bank_name',
      'r.bank_account_holder',
      'r.bank_account_number',
      'r.refused_at',
      'r.refused_by',
      'r.refusal_reason',
      'r.returned_transaction_id',
      'r.currency',
      'r.amount_minor',
      'r.provider_refund_id',
      'r.provider_refund_claimed_at',
      'r.updated_at',
      'u.username',
      'u.email',
    ]);
}

export type RefundListRow = CoinRefundRow & { username: string; email: string | null };

export async function findRefundByTransaction(
  db: DbExecutor,
  ledgerTransactionId: number,
): Promise<RefundListRow | undefined> {
  return await refundsQuery(db).where('r.ledger_transaction_id', '=', ledgerTransactionId).executeTakeFirst();
}

export async function findRefund(db: DbExecutor, id: number): Promise<RefundListRow | undefined> {
  return await refundsQuery(db).where('r.id', '=', id).executeTakeFirst();
}

export async function lockRefund(
  db: DbExecutor,
  id: number,
): Promise<
  | {
      status: CoinRefundStatus;
      user_id: number;
      ledger_transaction_id: number;
      provider_refund_claimed_at: Date | null;
    }
  | undefined
> {
  return await db
    .selectFrom('coin_refunds')
    .select(['status', 'user_id', 'ledger_transaction_id', 'provider_refund_claimed_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function markRefundPaid(
  db: DbExecutor,
  id: number,
  paid: { paidAt: Date; paidBy: number; note?: string | null | undefined },
): Promise<void> {
  await db
    .updateTable('coin_refunds')
    .set({
      status: 'paid',
      paid_at: paid.paidAt,
      paid_by: paid.paidBy,
      ...(paid.note !== undefined && { note: paid.note }),
      updated_at: paid.paidAt,
    })
    .where('id', '=', id)
    .execute();
}

/** Finance could not pay: the reason the fan reads. */
export async function markRefundRefused(
  db: DbExecutor,
  id: number,
  refused: {
    refusedAt: Date;
    refusedBy: number;
    reason: string;
    returnedTransactionId: number;
    note?: string | null | undefined;
  },
): Promise<void> {
  await db
    .updateTable('coin_refunds')
    .set({
      status: 'refused',
      refused_at: refused.refusedAt,
      refused_by: refused.refusedBy,
      refusal_reason: refused.reason,
      returned_transaction_id: refused.returnedTransactionId,
      ...(refused.note !== undefined && { note: refused.note }),
      updated_at: refused.refusedAt,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The fan's corrected account makes a refused request requested again, over the new ledger transaction that took
 * the coins once more (the refusal is kept in the audit log).
 */
export async function resubmitRefund(
  db: DbExecutor,
  id: number,
  account: RefundBankAccount,
  again: { ledgerTransactionId: number; coins: number; feeCoins: number; amount: number; dueOn: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('coin_refunds')
    .set({
      status: 'requested',
      ledger_transaction_id: again.ledgerTransactionId,
      coins: again.coins,
      fee_coins: again.feeCoins,
      amount: again.amount,
      requested_at: now,
      due_on: again.dueOn,
      returned_transaction_id: null,
      bank_name: account.bankName,
      bank_account_holder: account.bankAccountHolder,
      bank_account_number: account.bankAccountNumber,
      refused_at: null,
      refused_by: null,
      refusal_reason: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** The fan's own refund requests, newest first. */
export async function listUserRefunds(
  db: DbExecutor,
  userId: number,
  window: { offset: number; limit: number },
): Promise<{ rows: RefundListRow[]; total: number }> {
  const query = refundsQuery(db).where('r.user_id', '=', userId);
  const [rows, counted] = await Promise.all([
    query.orderBy('r.requested_at', 'desc').orderBy('r.id', 'desc').limit(window.limit).offset(window.offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

export async function lockUserRefund(
  db: DbExecutor,
  id: number,
): Promise<
  | {
      status: CoinRefundStatus;
      user_id: number;
      kind: CoinRefundKind;
      ledger_transaction_id: number;
      coins: number;
      fee_coins: number;
      amount: number;
      due_on: string;
      returned_transaction_id: number | null;
    }
  | undefined
> {
  return await db
    .selectFrom('coin_refunds')
    .select([
      'status',
      'user_id',
      'kind',
      'ledger_transaction_id',
      'coins',
      'fee_coins',
      'amount',
      sql<string>`to_char(due_on, 'YYYY-MM-DD')`.as('due_on'),
      'returned_transaction_id',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateRefundNote(db: DbExecutor, id: number, note: string | null, now: Date): Promise<void> {
  await db.updateTable('coin_refunds').set({ note, updated_at: now }).where('id', '=', id).execute();
}

export const REFUND_SORT_COLUMNS = {
  id: 'r.id',
  requestedAt: 'r.requested_at',
  dueOn: 'r.due_on',
  amount: 'r.amount',
  status: 'r.status',
} as const;
export type RefundSortField = keyof typeof REFUND_SORT_COLUMNS;

export async function listRefunds(
  db: DbExecutor,
  options: {
    filter: { status?: CoinRefundStatus | undefined; kind?: CoinRefundKind | undefined; userId?: number | undefined };
    sort: [RefundSortField, 'ASC' | 'DESC'];
    window: Window;
  },
): Promise<{ rows: RefundListRow[]; total: number }> {
  const { filter, sort, window } = options;
  let query = refundsQuery(db);
  if (filter.status) query = query.where('r.status', '=', filter.status);
  if (filter.kind) query = query.where('r.kind', '=', filter.kind);
  if (filter.userId) query = query.where('r.user_id', '=', filter.userId);
  const direction = sort[1] === 'ASC' ? 'asc' : 'desc';
  const [rows, counted] = await Promise.all([
    query
      .orderBy(REFUND_SORT_COLUMNS[sort[0]], direction)
      .orderBy('r.id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** What a coin-history row shows of its mission: status and the product's type and name. */
export async function findMissionSummaries(
  db: DbExecutor,
  missionIds: readonly number[],
): Promise<Map<number, NonNullable<CoinHistoryRowDto['mission']>>> {
  if (missionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('missions')
    .innerJoin('mission_products', 'mission_products.id', 'missions.product_id')
    .select(['missions.id', 'missions.status', 'mission_products.type', 'mission_products.name'])
    .where('missions.id', 'in', [...new Set(missionIds)])
    .execute();
  return new Map(
    rows.map((row) => [row.id, { id: row.id, status: row.status, missionProduct: { type: row.type, name: row.name } }]),
  );
}

// ---- Refund parts: the charges a request pays back, each in its own currency ----------------------------

export type NewRefundPart = Omit<Insertable<CoinRefundPartsTable>, 'id'>;

export async function insertRefundParts(db: DbExecutor, parts: NewRefundPart[]): Promise<void> {
  if (parts.length === 0) return;
  await db.insertInto('coin_refund_parts').values(parts).execute();
}

/** The parts of each request's current ledger transaction (a refused request asked again has new ones). */
export async function findRefundParts(db: DbExecutor, refundIds: number[]): Promise<Map<number, RefundPartRow[]>> {
  const byRefund = new Map<number, RefundPartRow[]>();
  if (refundIds.length === 0) return byRefund;
  const rows = await db
    .selectFrom('coin_refund_parts as p')
    .innerJoin('coin_refunds as r', (join) =>
      join.onRef('r.id', '=', 'p.refund_id').onRef('r.ledger_transaction_id', '=', 'p.ledger_transaction_id'),
    )
    .leftJoin('payments as pay', 'pay.id', 'p.payment_id')
    .selectAll('p')
    .select(['pay.provider', 'pay.pay_method'])
    .where('p.refund_id', 'in', refundIds)
    .orderBy('p.id')
    .execute();
  for (const row of rows) {
    const parts = byRefund.get(row.refund_id) ?? [];
    parts.push(row);
    byRefund.set(row.refund_id, parts);
  }
  return byRefund;
}

export type RefundPartRow = CoinRefundPartRow & { provider: string | null; pay_method: string | null };

export async function markPartRefunded(db: DbExecutor, partId: number, providerRefundId: string, now: Date) {
  await db
    .updateTable('coin_refund_parts')
    .set({ provider_refund_id: providerRefundId, refunded_at: now })
    .where('id', '=', partId)
    .execute();
}

/** A provider-refund claim older than this is an interrupted call: another click takes it over. */
export const PROVIDER_REFUND_CLAIM_MS = 2 * 60_000;

/**
 * Takes a requested refund for a provider refund unless another call holds it (a claim older than `staleBefore` is
 * an interrupted call: taken over). Answers whether this call holds it now.
 */
export async function claimProviderRefund(db: DbExecutor, id: number, now: Date, staleBefore: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('coin_refunds')
    .set({ provider_refund_claimed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .where((eb) =>
      eb.or([eb('provider_refund_claimed_at', 'is', null), eb('provider_refund_claimed_at', '<', staleBefore)]),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function releaseProviderRefund(db: DbExecutor, id: number): Promise<void> {
  await db.updateTable('coin_refunds').set({ provider_refund_claimed_at: null }).where('id', '=', id).execute();
}

export async function setRefundProviderRefundId(db: DbExecutor, id: number, providerRefundId: string): Promise<void> {
  await db.updateTable('coin_refunds').set({ provider_refund_id: providerRefundId }).where('id', '=', id).execute();
}

/** Requests whose money goes (also) back to a charge paid in `currency`: the summary fields of a request. */
export async function setRefundCurrency(
  db: DbExecutor,
  id: number,
  money: { currency: string; amountMinor: number | null },
): Promise<void> {
  await db
    .updateTable('coin_refunds')
    .set({ currency: money.currency, amount_minor: money.amountMinor })
    .where('id', '=', id)
    .execute();
}
