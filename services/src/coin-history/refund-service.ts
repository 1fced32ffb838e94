import {
  addBusinessDays,
  COIN_RULES,
  type CoinRefund,
  type CoinRefundKind,
  type CoinRefundPart,
  formatKoreaTime,
  type Language,
  phonePaymentCancellable,
  type RefundBankAccount,
  type RefundDestination,
  refundsToAccount,
  WON_PER_COIN,
} from '@fanmission/contracts';
import {
  history,
  isLedgerError,
  lots,
  partialRefund,
  walletAccount,
  withdrawPurchase,
  type LedgerEntry,
} from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import { findPaymentOrder, lockPaymentOrder } from '../payments';
import type { DbExecutor } from '../db';
import { AppError, notFound } from '../http';
import { isMessageKey, type MessageKey, type MessageParams, translate } from '../i18n';
import { type AccountHolderMatch, bankHolderOf, requireHeldByMember } from '../money-out';
import { decideDestination, partialRefundPlan, recordRefundParts } from './refund-parts';
import * as repository from './repository';
import * as refundRepository from './refund-repository';
import * as refundPartRepository from './refund-part-repository';
/*
 * Refunds: a charge withdrawn in full within 7 days while unused, or a partial refund of every held CASH
 * coin minus 3 %. The ledger decides and moves the coins; in the same DB transaction a refund request is recorded
 * for finance, who send the money back outside the app within 3 business days and mark it paid.
 */
/** Withdraws one charge. The ledger key is the charge's own, so however often it is asked, it is withdrawn once. */
export async function withdrawCharge(ctx: ServiceContext, userId: number, depositId: number): Promise<CoinRefund> {
  const deposit = await repository.findDeposit(ctx.db, depositId);
  // Someone else's charge is "not found": its existence is none of the caller's business.
  if (!deposit || deposit.userId !== userId) throw notFound('coinRefunds.depositNotFound');
  if (deposit.coinItem.itemType !== 'CASH') throw notRefundable();
  await refuseFrozenCoins(ctx.db, userId);
  const now = ctx.now();
  const lot = (await lots(ctx.db, userId, { now, includeEmpty: true })).find(
    (candidate) => candidate.transactionId === deposit.ledgerTransactionId,
  );
  if (!lot || lot.source !== 'CASH' || !lot.paymentId) throw notRefundable();
  const paymentId = lot.paymentId;
  // A provider charge is paid back in its own currency and amount (a PayPal charge in USD), never re-priced.
  const order = await findPaymentOrder(ctx.db, paymentId);
  const original = order ? { currency: order.currency, amountMinor: order.amount } : {};
  if (order?.pay_method === 'phone' && order.paid_at && !phonePaymentCancellable(order.paid_at, now)) {
    throw phoneMonthPassed(order.paid_at);
  }
  const requestId = `withdrawal:coin-deposit:${depositId}`;
  return await recordRefund(
    ctx,
    { userId, kind: 'WITHDRAWAL', coinDepositId: depositId, bankAccount: null, bankHolder: null, ...original },
    async (trx) => {
      // The order's row first (every settling path locks it before the ledger), then the coins.
      if (order) await lockPaymentOrder(trx, paymentId);
      return await withdrawPurchase(trx, { userId, paymentId, idempotencyKey: requestId, now });
    },
    // The refund finance makes at the provider is this one: its notice must not take the coins a second time.
    () => requestId,
  );
}

/**
 * Refunds every held CASH coin minus 3 %. The ledger key comes from the caller's Idempotency-Key; without one, from
 * the wallet's latest transaction, so a double click (same wallet state) still refunds once. `bankAccount` is needed
 * only when some money goes to the fan's account (`decideDestination`: bank deposits, billed phone charges); the bank
 * is asked who holds it before any coin moves, and it must be the fan (`requireHeldByMember`). When all the money goes
 * back to the payment methods, it is neither asked about nor stored.
 */
export async function refundHeldCoins(
  ctx: ServiceContext,
  userId: number,
  idempotencyKey: string | undefined,
  bankAccount: RefundBankAccount | null,
): Promise<CoinRefund> {
  await refuseFrozenCoins(ctx.db, userId);
  const now = ctx.now();
  const key = idempotencyKey
    ? `partial-refund:user:${userId}:key:${idempotencyKey}`
    : `partial-refund:user:${userId}:after:${await latestWalletTransaction(ctx.db, userId)}`;
  const bankHolder =
    bankAccount && (await sendsToAccount(ctx, userId, now)) ? await bankHolderOf(ctx, bankAccount) : null;
  return await recordRefund(
    ctx,
    { userId, kind: 'PARTIAL_REFUND', coinDepositId: null, bankAccount, bankHolder },
    async (trx) => {
      await lockChargesOfHeldCoins(trx, userId, now);
      return await partialRefund(trx, { userId, idempotencyKey: key, now });
    },
    partialRefundRequestId,
  );
}

/** Whether a partial refund asked now would send some money to an account (the bank is then asked its holder). */
export async function sendsToAccount(ctx: ServiceContext, userId: number, now: Date): Promise<boolean> {
  const plan = await partialRefundPlan(ctx.db, await lots(ctx.db, userId, { now }), now);
  return plan !== null && refundsToAccount(plan);
}

/** Names the app refund of one charge of a partial refund (one per ledger transaction and charge). */
export const partialRefundRequestId = (paymentId: string, ledgerTransactionId: number) =>
  `partial-refund:transaction:${ledgerTransactionId}:payment:${paymentId}`;

/** The orders of the CASH coins held, locked before the ledger like every settling path (webhooks, withdrawals). */
export async function lockChargesOfHeldCoins(trx: DbExecutor, userId: number, now: Date): Promise<void> {
  const held = await lots(trx, userId, { now });
  const paymentIds = [
    ...new Set(held.flatMap((lot) => (lot.source === 'CASH' && lot.paymentId ? [lot.paymentId] : []))),
  ].sort();
  for (const paymentId of paymentIds) await lockPaymentOrder(trx, paymentId);
}

async function latestWalletTransaction(db: DbExecutor, userId: number): Promise<number> {
  const latest = await history(db, { account: walletAccount(userId), page: 0, size: 1 });
  return latest.content[0]?.transactionId ?? 0;
}

export async function refuseFrozenCoins(db: DbExecutor, userId: number): Promise<void> {
  if (await repository.findCoinsFrozenAt(db, userId)) {
    throw new AppError(409, 'coinRefunds.coinsFrozen', { code: 'COINS_FROZEN' });
  }
}

/** A phone charge of an earlier Korea-time month: the carrier has billed it (contracts' `phonePaymentCancellable`). */
const phoneMonthPassed = (paidAt: Date) =>
  new AppError(409, 'coinRefunds.phoneMonthPassed', {
    code: 'PHONE_CANCEL_MONTH_PASSED',
    params: { month: new Date(paidAt.getTime() + 9 * 3_600_000).toISOString().slice(0, 7) },
  });

/**
 * A partial refund whose money goes, in all or in part, to the fan's bank account (a charge no provider can take
 * back: a bank deposit, a phone charge of a billed month) needs that account: 400 with the field, so the app asks it.
 */
const bankAccountNeeded = () =>
  new AppError(400, 'coinRefunds.bankAccountNeeded', {
    code: 'VALIDATION_FAILED',
    fields: [{ field: 'bankAccount', key: 'coinRefunds.bankAccountNeededField' }],
  });

/** The coins changed between the look-up and the refund so that money now goes to an account nobody asked about. */
const destinationChanged = () =>
  new AppError(409, 'moneyOut.destinationChanged', { code: 'REFUND_DESTINATION_CHANGED' });

/**
 * The account a request sends money to, checked in the transaction that takes the coins against the charges it
 * actually takes: the bank's holder (asked before) must be the fan. Null when no money goes to an account.
 */
export async function accountOfRequest(
  trx: DbExecutor,
  ctx: ServiceContext,
  request: { userId: number; bankAccount: RefundBankAccount | null; bankHolder: string | null },
  destination: { kind: RefundDestination['kind']; depositorNames: string[] },
): Promise<{ account: RefundBankAccount; verifiedAs: AccountHolderMatch } | null> {
  if (!refundsToAccount(destination)) return null;
  if (!request.bankAccount) throw bankAccountNeeded();
  if (request.bankHolder === null) throw destinationChanged();
  const verifiedAs = await requireHeldByMember(trx, ctx, {
    userId: request.userId,
    holder: request.bankHolder,
    depositorNames: destination.depositorNames,
  });
  return { account: request.bankAccount, verifiedAs };
}

const notRefundable = () => new AppError(400, 'coinRefunds.notRefundable', { code: 'NOT_REFUNDABLE' });

/**
 * Runs the ledger operation and records its refund request in one DB transaction: coins never leave a wallet
 * without finance hearing of it. A replayed ledger answer finds the request recorded the first time. A refusal rolls
 * everything back, so it is decided afresh on a retry (a mission refund may have made a charge unused again).
 */
async function recordRefund(
  ctx: ServiceContext,
  request: {
    userId: number;
    kind: CoinRefundKind;
    coinDepositId: number | null;
    bankAccount: RefundBankAccount | null;
    /** The holder the bank named for `bankAccount`, asked before the transaction; null when not asked. */
    bankHolder: string | null;
    currency?: string;
    amountMinor?: number;
  },
  moveCoins: (trx: DbExecutor) => Promise<LedgerEntry>,
  requestIdOf: (paymentId: string, ledgerTransactionId: number) => string,
): Promise<CoinRefund> {
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const entry = await moveCoins(trx);
      const wallet = walletAccount(request.userId);
      const coins = -(entry.postings.find((posting) => posting.account === wallet)?.amount ?? 0);
      const feeCoins = typeof entry.metadata.feeCoins === 'number' ? entry.metadata.feeCoins : 0;
      const destination = await decideDestination(trx, {
        ledgerTransactionId: entry.transactionId,
        at: entry.occurredAt,
        kind: request.kind,
      });
      // A replay of a request already recorded answers it, account or not; otherwise an account the money goes to
      // is checked, and a refusal is thrown inside the transaction: the coins it took go back, nothing is recorded.
      const replay = await refundRepository.findRefundByTransaction(trx, entry.transactionId);
      const account =
        replay || request.kind !== 'PARTIAL_REFUND' ? null : await accountOfRequest(trx, ctx, request, destination);
      await refundRepository.insertRefundOnce(trx, {
        userId: request.userId,
        kind: request.kind,
        coinDepositId: request.coinDepositId,
        ...(request.currency !== undefined && { currency: request.currency }),
        ...(request.amountMinor !== undefined && { amountMinor: request.amountMinor }),
        // An account the money does not go to is not kept.
        bankAccount: account?.account ?? null,
        bankAccountVerifiedAs: account?.verifiedAs ?? null,
        destination: { kind: destination.kind, methods: destination.methods },
        ledgerTransactionId: entry.transactionId,
        coins,
        feeCoins,
        amount: (coins - feeCoins) * WON_PER_COIN,
        requestedAt: entry.occurredAt,
        dueOn: addBusinessDays(entry.occurredAt, COIN_RULES.refundWithinBusinessDays),
      });
      const recorded = await refundRepository.findRefundByTransaction(trx, entry.transactionId);
      if (recorded) {
        await recordRefundParts(trx, {
          id: recorded.id,
          ledgerTransactionId: entry.transactionId,
          feeCoins,
          at: entry.occurredAt,
          requestIdOf: (paymentId) => requestIdOf(paymentId, entry.transactionId),
        });
      }
      return recorded && (await refundRepository.findRefund(trx, recorded.id));
    });
    if (!row) throw new Error('a refund request was recorded but cannot be read');
    return refundDto(row, await partsOf(ctx.db, row.id));
  } catch (error) {
    throw refusalError(error);
  }
}

/** The ledger's refusals, as answers naming the rule in the caller's language. */
export function refusalError(error: unknown): unknown {
  if (!isLedgerError(error)) return error;
  const details = error.details;
  const conflict = (key: MessageKey, params?: MessageParams) =>
    new AppError(409, key, { code: details.code, ...(params && { params }) });
  switch (details.code) {
    case 'WITHDRAWAL_WINDOW_PASSED':
      return conflict('coinRefunds.withdrawalWindowPassed', {
        deadline: formatKoreaTime(new Date(details.deadline)),
      });
    case 'PURCHASE_ALREADY_USED':
      return conflict('coinRefunds.purchaseAlreadyUsed');
    case 'PURCHASE_ALREADY_REFUNDED':
      return conflict('coinRefunds.alreadyRefunded');
    case 'NOTHING_REFUNDABLE':
      return details.reason === 'ONLY_NON_REFUNDABLE_COINS'
        ? conflict('coinRefunds.onlyNonRefundableCoins', { bonusCoins: details.bonusCoins })
        : conflict('coinRefunds.nothingRefundable');
    case 'COINS_FROZEN':
      return conflict('coinRefunds.coinsFrozen');
    case 'IDEMPOTENCY_CONFLICT':
      return conflict('coinRefunds.idempotencyConflict');
    case 'PURCHASE_NOT_FOUND':
      return notFound('coinRefunds.depositNotFound');
    default:
      return error;
  }
}

/** The parts of a request's current ledger transaction. */
export async function partsOf(db: DbExecutor, refundId: number): Promise<refundPartRepository.RefundPartRow[]> {
  return (await refundPartRepository.findRefundParts(db, [refundId])).get(refundId) ?? [];
}

function partDto(part: refundPartRepository.RefundPartRow): CoinRefundPart {
  return {
    paymentId: part.payment_id,
    via: part.via,
    provider: part.provider,
    coins: part.coins,
    feeCoins: part.fee_coins,
    currency: part.currency,
    amount: part.amount,
    refundedAt: part.refunded_at?.toISOString() ?? null,
    providerRefundId: part.provider_refund_id,
  };
}

/** The account the fan gave, as stored (null for a withdrawal, and once data retention erased it). */
function bankAccountOf(row: refundRepository.RefundListRow): RefundBankAccount | null {
  if (row.bank_name === null) return null;
  return {
    bankName: row.bank_name as RefundBankAccount['bankName'],
    bankAccountHolder: row.bank_account_holder ?? '',
    bankAccountNumber: row.bank_account_number ?? '',
  };
}

/** Where the request's money goes, as the fan and finance both read it. */
export function destinationOf(row: refundRepository.RefundListRow): RefundDestination {
  if (row.destination_kind === 'BANK_ACCOUNT') return { kind: 'BANK_ACCOUNT', account: bankAccountOf(row) };
  if (row.destination_kind === 'SPLIT') {
    return { kind: 'SPLIT', methods: row.destination_methods ?? [], account: bankAccountOf(row) };
  }
  return { kind: 'ORIGINAL_METHOD', methods: row.destination_methods ?? [] };
}

/**
 * A request as the fan and finance read it. A refusal the app made (no finance member: a chargeback closed it) stores
 * its reason as a message key, read in `language`.
 */
export function refundDto(
  row: refundRepository.RefundListRow,
  parts: refundPartRepository.RefundPartRow[],
  language: Language = 'ko',
): CoinRefund {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    coins: row.coins,
    feeCoins: row.fee_coins,
    refundCoins: row.coins - row.fee_coins,
    amount: row.amount,
    currency: row.currency,
    amountInCurrency: row.amount_minor,
    coinDepositId: row.coin_deposit_id,
    requestedAt: row.requested_at.toISOString(),
    dueOn: row.due_on,
    paidAt: row.paid_at?.toISOString() ?? null,
    bankAccount: bankAccountOf(row),
    destination: destinationOf(row),
    refusedAt: row.refused_at?.toISOString() ?? null,
    refusalReason:
      row.refused_by === null && row.refusal_reason !== null && isMessageKey(row.refusal_reason)
        ? translate(language, row.refusal_reason)
        : row.refusal_reason,
    parts: parts.map(partDto),
  };
}

/** The coins a refund transaction took out of the member's wallet, and the fee among them. */
export function refundedBy(entry: LedgerEntry, userId: number): { coins: number; feeCoins: number } {
  const wallet = walletAccount(userId);
  const coins = -(entry.postings.find((posting) => posting.account === wallet)?.amount ?? 0);
  const feeCoins = typeof entry.metadata.feeCoins === 'number' ? entry.metadata.feeCoins : 0;
  return { coins, feeCoins };
}
