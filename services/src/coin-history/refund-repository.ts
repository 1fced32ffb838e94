import type { CoinRefundKind, CoinRefundStatus, RefundBankAccount } from '@fanmission/contracts';
import { sql, type Updateable } from 'kysely';
import type { DbExecutor } from '../db';
import type { AccountHolderMatch, StoredDestination } from '../money-out';
import { selectListWindow } from '../admin';
import { notifyCoinRefundPaid } from '../notifications';
import { findRefundParts, type RefundPartRow } from './refund-part-repository';
import type { CoinRefundRow, CoinRefundsTable } from './table';
import { type Window } from './repository';

// Refund requests: recording one once, finance's decisions, a refused request asked again, and the lists of the fan
// and of finance. Their parts are in refund-part-repository.ts.

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
  /** How the bank's holder look-up showed `bankAccount` is the fan's own; null without an account. */
  bankAccountVerifiedAs: AccountHolderMatch | null;
  destination: StoredDestination;
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
      bank_account_verified_as: refund.bankAccountVerifiedAs,
      bank_account_verified_at: refund.bankAccountVerifiedAs ? refund.requestedAt : null,
      destination_kind: refund.destination.kind,
      destination_methods: refund.destination.methods,
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
      'r.bank_account_verified_as',
      'r.bank_account_verified_at',
      'r.destination_kind',
      'r.destination_methods',
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

/** The member's refund requests made by these ledger transactions (the current one of each request), by it. */
export async function findUserRefundsByTransaction(
  db: DbExecutor,
  userId: number,
  ledgerTransactionIds: readonly number[],
): Promise<Map<number, RefundListRow>> {
  if (ledgerTransactionIds.length === 0) return new Map();
  const rows = await refundsQuery(db)
    .where('r.user_id', '=', userId)
    .where('r.ledger_transaction_id', 'in', [...new Set(ledgerTransactionIds)])
    .execute();
  return new Map(rows.map((row) => [row.ledger_transaction_id, row]));
}

export async function findRefund(db: DbExecutor, id: number): Promise<RefundListRow | undefined> {
  return await refundsQuery(db).where('r.id', '=', id).executeTakeFirst();
}

export async function lockRefund(db: DbExecutor, id: number) {
  return await db
    .selectFrom('coin_refunds')
    .select([
      'status',
      'user_id',
      'ledger_transaction_id',
      'provider_refund_claimed_at',
      'destination_kind',
      'destination_methods',
      'bank_account_verified_at',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Writes a refund request's new state. */
async function setRefund(db: DbExecutor, id: number, values: Updateable<CoinRefundsTable>): Promise<void> {
  await db.updateTable('coin_refunds').set(values).where('id', '=', id).execute();
}

/** Marks a request paid (by hand or at the providers), and tells the fan in the same transaction. */
export async function markRefundPaid(
  db: DbExecutor,
  id: number,
  paid: { paidAt: Date; paidBy: number; note?: string | null | undefined },
): Promise<void> {
  const refund = await db
    .updateTable('coin_refunds')
    .set({
      status: 'paid',
      paid_at: paid.paidAt,
      paid_by: paid.paidBy,
      ...(paid.note !== undefined && { note: paid.note }),
      updated_at: paid.paidAt,
    })
    .where('id', '=', id)
    .returning([
      'user_id',
      'coins',
      'fee_coins',
      'amount',
      'destination_kind',
      'destination_methods',
      'bank_name',
      'bank_account_number',
    ])
    .executeTakeFirstOrThrow();
  const parts = (await findRefundParts(db, [id])).get(id) ?? [];
  await notifyCoinRefundPaid(db, {
    userId: refund.user_id,
    paidAt: paid.paidAt,
    params: { coins: refund.coins - refund.fee_coins, ...refundPaidParams(refund, parts) },
  });
}

/**
 * What the paid notification says of the money (services/src/notifications/service.ts renders it in the reader's
 * language): where it went (`to`: the pay methods, the account with its bank and last 4 digits, both, or the account
 * a bank deposit came from), what went back through the providers in each charge's own currency (`providerMoney`,
 * `CUR:minor` joined by `;`), and the won paid to the account (`accountAmount`).
 */
export function refundPaidParams(
  refund: Pick<
    CoinRefundRow,
    'amount' | 'destination_kind' | 'destination_methods' | 'bank_name' | 'bank_account_number'
  >,
  parts: readonly Pick<RefundPartRow, 'via' | 'currency' | 'amount'>[],
): Record<string, string | number> {
  const methods = (refund.destination_methods ?? []).join(',');
  const providerParts = parts.filter((part) => part.via === 'PROVIDER');
  const byCurrency = new Map<string, number>();
  for (const part of providerParts) byCurrency.set(part.currency, (byCurrency.get(part.currency) ?? 0) + part.amount);
  const accountAmount = parts
    .filter((part) => part.via === 'BANK_TRANSFER')
    .reduce((sum, part) => sum + part.amount, 0);
  const account = {
    bank: refund.bank_name ?? '',
    account: (refund.bank_account_number ?? '').replace(/\D/g, '').slice(-4),
  };
  const providerMoney =
    byCurrency.size > 0
      ? [...byCurrency].map(([currency, amount]) => `${currency}:${amount}`).join(';')
      : `KRW:${refund.amount}`;
  switch (refund.destination_kind) {
    case 'BANK_ACCOUNT':
      return { to: 'ACCOUNT', amount: refund.amount, ...account };
    case 'SPLIT':
      return { to: 'SPLIT', amount: refund.amount, methods, providerMoney, accountAmount, ...account };
    case 'ORIGINAL_METHOD':
      return methods.split(',').includes('withoutbankbook')
        ? { to: 'DEPOSITING_ACCOUNT', amount: refund.amount, providerMoney }
        : { to: 'METHODS', amount: refund.amount, methods, providerMoney };
  }
}

/** Finance could not pay: the reason the fan reads. `refusedBy` null: refused by the app (a chargeback). */
export async function markRefundRefused(
  db: DbExecutor,
  id: number,
  refused: {
    refusedAt: Date;
    refusedBy: number | null;
    reason: string;
    returnedTransactionId: number;
    note?: string | null | undefined;
  },
): Promise<void> {
  await setRefund(db, id, {
    status: 'refused',
    refused_at: refused.refusedAt,
    refused_by: refused.refusedBy,
    refusal_reason: refused.reason,
    returned_transaction_id: refused.returnedTransactionId,
    ...(refused.note !== undefined && { note: refused.note }),
    updated_at: refused.refusedAt,
  });
}

/**
 * The fan's corrected account makes a refused request requested again, over the new ledger transaction that took
 * the coins once more (the refusal is kept in the audit log).
 */
export async function resubmitRefund(
  db: DbExecutor,
  id: number,
  account: { account: RefundBankAccount; verifiedAs: AccountHolderMatch } | null,
  again: {
    ledgerTransactionId: number;
    coins: number;
    feeCoins: number;
    amount: number;
    dueOn: string;
    destination: StoredDestination;
  },
  now: Date,
): Promise<void> {
  await setRefund(db, id, {
    status: 'requested',
    ledger_transaction_id: again.ledgerTransactionId,
    coins: again.coins,
    fee_coins: again.feeCoins,
    amount: again.amount,
    requested_at: now,
    due_on: again.dueOn,
    returned_transaction_id: null,
    bank_name: account?.account.bankName ?? null,
    bank_account_holder: account?.account.bankAccountHolder ?? null,
    bank_account_number: account?.account.bankAccountNumber ?? null,
    bank_account_verified_as: account?.verifiedAs ?? null,
    bank_account_verified_at: account ? now : null,
    destination_kind: again.destination.kind,
    destination_methods: again.destination.methods,
    refused_at: null,
    refused_by: null,
    refusal_reason: null,
    updated_at: now,
  });
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

export async function lockUserRefund(db: DbExecutor, id: number) {
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
  // The filter reads the requests alone: the window's ids come from an index in the list's order, the members only
  // for them; the total is exact up to EXACT_COUNT_LIMIT (`countUpTo`).
  let query = db.selectFrom('coin_refunds as r');
  if (filter.status) query = query.where('r.status', '=', filter.status);
  if (filter.kind) query = query.where('r.kind', '=', filter.kind);
  if (filter.userId) query = query.where('r.user_id', '=', filter.userId);
  return selectListWindow(
    refundsQuery(db),
    { column: REFUND_SORT_COLUMNS[sort[0]], direction: sort[1], idColumn: 'r.id' },
    window,
    query,
  );
}
