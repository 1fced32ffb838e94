import {
  addBusinessDays,
  type AdminCoinRefund,
  COIN_RULES,
  type CoinRefund,
  type CoinRefundKind,
  type CoinRefundPart,
  type CoinRefundStatus,
  formatKoreaTime,
  type Page,
  type PageQuery,
  type RefundBankAccount,
  WON_PER_COIN,
} from '@fanmission/contracts';
import {
  history,
  isLedgerError,
  lots,
  partialRefund,
  returnRefund,
  walletAccount,
  withdrawPurchase,
  type LedgerEntry,
} from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import { findPaymentOrder, forgetAppRefund, lockPaymentOrder } from '../payments';
import type { DbExecutor } from '../db';
import { AppError, notFound, pageOffset, toPage } from '../http';
import type { MessageKey, MessageParams } from '../i18n';
import { recordRefundParts } from './refund-parts';
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
  // A provider charge is paid back in its own currency and amount (a PayPal charge in USD), never re-priced (M6).
  const order = await findPaymentOrder(ctx.db, paymentId);
  const original = order ? { currency: order.currency, amountMinor: order.amount } : {};
  const requestId = `withdrawal:coin-deposit:${depositId}`;
  return await recordRefund(
    ctx,
    { userId, kind: 'WITHDRAWAL', coinDepositId: depositId, bankAccount: null, ...original },
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
 * the wallet's latest transaction, so a double click (same wallet state) still refunds once.
 */
export async function refundHeldCoins(
  ctx: ServiceContext,
  userId: number,
  idempotencyKey: string | undefined,
  bankAccount: RefundBankAccount,
): Promise<CoinRefund> {
  await refuseFrozenCoins(ctx.db, userId);
  const now = ctx.now();
  const key = idempotencyKey
    ? `partial-refund:user:${userId}:key:${idempotencyKey}`
    : `partial-refund:user:${userId}:after:${await latestWalletTransaction(ctx.db, userId)}`;
  return await recordRefund(
    ctx,
    { userId, kind: 'PARTIAL_REFUND', coinDepositId: null, bankAccount },
    async (trx) => {
      await lockChargesOfHeldCoins(trx, userId, now);
      return await partialRefund(trx, { userId, idempotencyKey: key, now });
    },
    partialRefundRequestId,
  );
}

/** Names the app refund of one charge of a partial refund (one per ledger transaction and charge). */
const partialRefundRequestId = (paymentId: string, ledgerTransactionId: number) =>
  `partial-refund:transaction:${ledgerTransactionId}:payment:${paymentId}`;

/** The orders of the CASH coins held, locked before the ledger like every settling path (webhooks, withdrawals). */
async function lockChargesOfHeldCoins(trx: DbExecutor, userId: number, now: Date): Promise<void> {
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

async function refuseFrozenCoins(db: DbExecutor, userId: number): Promise<void> {
  if (await repository.findCoinsFrozenAt(db, userId)) {
    throw new AppError(409, 'coinRefunds.coinsFrozen', { code: 'COINS_FROZEN' });
  }
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
      await refundRepository.insertRefundOnce(trx, {
        ...request,
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
function refusalError(error: unknown): unknown {
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
async function partsOf(db: DbExecutor, refundId: number): Promise<refundPartRepository.RefundPartRow[]> {
  return (await refundPartRepository.findRefundParts(db, [refundId])).get(refundId) ?? [];
}

function partDto(part: refundPartRepository.RefundPartRow): CoinRefundPart {
  return {
    paymentId: part.payment_id,
    via: part.payment_id === null ? 'BANK_TRANSFER' : 'PROVIDER',
    provider: part.provider,
    coins: part.coins,
    feeCoins: part.fee_coins,
    currency: part.currency,
    amount: part.amount,
    refundedAt: part.refunded_at?.toISOString() ?? null,
    providerRefundId: part.provider_refund_id,
  };
}

export function refundDto(
  row: refundRepository.RefundListRow,
  parts: refundPartRepository.RefundPartRow[],
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
    bankAccount:
      row.bank_name === null
        ? null
        : {
            bankName: row.bank_name as RefundBankAccount['bankName'],
            bankAccountHolder: row.bank_account_holder ?? '',
            bankAccountNumber: row.bank_account_number ?? '',
          },
    refusedAt: row.refused_at?.toISOString() ?? null,
    refusalReason: row.refusal_reason,
    parts: parts.map(partDto),
  };
}

/** The fan's refund requests with their status (requested, paid, refused with the reason), newest first. */
export async function myRefundRequests(
  ctx: ServiceContext,
  userId: number,
  query: PageQuery,
): Promise<Page<CoinRefund>> {
  const { rows, total } = await refundRepository.listUserRefunds(ctx.db, userId, {
    offset: pageOffset(query),
    limit: query.size,
  });
  const parts = await refundPartRepository.findRefundParts(
    ctx.db,
    rows.map((row) => row.id),
  );
  return toPage(
    rows.map((row) => refundDto(row, parts.get(row.id) ?? [])),
    total,
    query,
  );
}

/**
 * The fan corrects the account of a partial refund finance refused: it is requested again, refunding the CASH coins
 * he holds then (the refusal gave them back). Someone else's request is "not found".
 */
export async function correctRefundAccount(
  ctx: ServiceContext,
  userId: number,
  refundId: number,
  account: RefundBankAccount,
): Promise<CoinRefund> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await refundRepository.lockUserRefund(trx, refundId);
    if (!current || current.user_id !== userId) throw notFound('coinRefunds.notFound');
    if (current.kind !== 'PARTIAL_REFUND') {
      throw new AppError(409, 'coinRefunds.withdrawalHasNoAccount', { code: 'CONFLICT' });
    }
    if (current.status !== 'refused') throw new AppError(409, 'coinRefunds.notRefused', { code: 'CONFLICT' });
    const now = ctx.now();
    if (current.returned_transaction_id === null) {
      // Refused before refusals gave the coins back: they are still out of the wallet, the money still owed.
      await refundRepository.resubmitRefund(trx, refundId, account, againOf(current), now);
      await recordRefundParts(trx, {
        id: refundId,
        ledgerTransactionId: current.ledger_transaction_id,
        feeCoins: current.fee_coins,
        requestIdOf: (paymentId) => partialRefundRequestId(paymentId, current.ledger_transaction_id),
      });
      return;
    }
    // The refusal gave the coins back: asking again refunds what he holds now, once per refusal.
    await refuseFrozenCoins(trx, userId);
    await lockChargesOfHeldCoins(trx, userId, now);
    const entry = await partialRefund(trx, {
      userId,
      idempotencyKey: `partial-refund:coin-refund:${refundId}:after:${current.returned_transaction_id}`,
      now,
    }).catch((error: unknown) => {
      throw refusalError(error);
    });
    const { coins, feeCoins } = refundedBy(entry, userId);
    await refundRepository.resubmitRefund(
      trx,
      refundId,
      account,
      {
        ledgerTransactionId: entry.transactionId,
        coins,
        feeCoins,
        amount: (coins - feeCoins) * WON_PER_COIN,
        dueOn: addBusinessDays(entry.occurredAt, COIN_RULES.refundWithinBusinessDays),
      },
      entry.occurredAt,
    );
    await recordRefundParts(trx, {
      id: refundId,
      ledgerTransactionId: entry.transactionId,
      feeCoins,
      requestIdOf: (paymentId) => partialRefundRequestId(paymentId, entry.transactionId),
    });
  });
  const row = await refundRepository.findRefund(ctx.db, refundId);
  if (!row) throw notFound('coinRefunds.notFound');
  return refundDto(row, await partsOf(ctx.db, refundId));
}

const againOf = (row: {
  ledger_transaction_id: number;
  coins: number;
  fee_coins: number;
  amount: number;
  due_on: string;
}) => ({
  ledgerTransactionId: row.ledger_transaction_id,
  coins: row.coins,
  feeCoins: row.fee_coins,
  amount: row.amount,
  dueOn: row.due_on,
});

/** The coins a refund transaction took out of the member's wallet, and the fee among them. */
function refundedBy(entry: LedgerEntry, userId: number): { coins: number; feeCoins: number } {
  const wallet = walletAccount(userId);
  const coins = -(entry.postings.find((posting) => posting.account === wallet)?.amount ?? 0);
  const feeCoins = typeof entry.metadata.feeCoins === 'number' ? entry.metadata.feeCoins : 0;
  return { coins, feeCoins };
}

/* Finance's side: the requests to pay, and marking them paid. */

export async function listRefundRequests(
  ctx: ServiceContext,
  options: Parameters<typeof refundRepository.listRefunds>[1],
): Promise<{ rows: AdminCoinRefund[]; total: number }> {
  const { rows, total } = await refundRepository.listRefunds(ctx.db, options);
  return { rows: await adminRefundDtos(ctx.db, rows), total };
}

export async function getRefundRequest(ctx: ServiceContext, id: number): Promise<AdminCoinRefund> {
  const row = await refundRepository.findRefund(ctx.db, id);
  if (!row) throw notFound('coinRefunds.notFound');
  const [dto] = await adminRefundDtos(ctx.db, [row]);
  return dto!;
}

/**
 * requested → paid (records who and when); paid stays paid (a repeated click changes nothing but the note).
 * requested → refused with the reason the fan reads, and the coins the request took back in his wallet (a
 * REFUND_RETURN); correcting his account asks again.
 */
export async function setRefundStatus(
  ctx: ServiceContext,
  id: number,
  change: { status: CoinRefundStatus; note?: string | null | undefined; refusalReason?: string | null | undefined },
  financeUserId: number,
): Promise<AdminCoinRefund> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await refundRepository.lockRefund(trx, id);
    if (!current) throw notFound('coinRefunds.notFound');
    if (current.status === 'paid' && change.status === 'requested') {
      throw new AppError(409, 'coinRefunds.alreadyPaid', { code: 'CONFLICT' });
    }
    if (change.status === 'refused' && current.status !== 'requested' && current.status !== 'refused') {
      throw new AppError(409, 'coinRefunds.notRefusable', { code: 'CONFLICT' });
    }
    if (current.status === 'refused' && change.status !== 'refused') {
      throw new AppError(409, 'coinRefunds.notRefusable', { code: 'CONFLICT' });
    }
    const now = ctx.now();
    if (current.status === 'requested' && change.status === 'refused') {
      const parts = await partsOf(trx, id);
      // Money a provider already sent back cannot be refused; a refund at the provider under way is waited for.
      const claimedRecently =
        current.provider_refund_claimed_at !== null &&
        current.provider_refund_claimed_at.getTime() > now.getTime() - refundPartRepository.PROVIDER_REFUND_CLAIM_MS;
      if (parts.some((part) => part.provider_refund_id !== null) || claimedRecently) {
        throw new AppError(409, 'coinRefunds.notRefusable', { code: 'CONFLICT' });
      }
      // The provider will not be asked: its later refund of these charges takes their coins as any other.
      for (const part of parts) {
        if (part.payment_id && part.request_id) {
          await forgetAppRefund(trx, { paymentId: part.payment_id, requestId: part.request_id });
        }
      }
      // The coins the request took go back to the fan, in the same DB transaction, once per debit.
      const returned = await returnRefund(trx, {
        userId: current.user_id,
        refundTransactionId: current.ledger_transaction_id,
        idempotencyKey: `refund-return:coin-refund:${id}:of:${current.ledger_transaction_id}`,
        now,
        metadata: { refundId: id },
      });
      await refundRepository.markRefundRefused(trx, id, {
        refusedAt: now,
        refusedBy: financeUserId,
        reason: change.refusalReason ?? '',
        returnedTransactionId: returned.transactionId,
        note: change.note,
      });
    } else if (current.status === 'requested' && change.status === 'paid') {
      await refundRepository.markRefundPaid(trx, id, { paidAt: now, paidBy: financeUserId, note: change.note });
    } else if (change.note !== undefined) {
      await refundRepository.updateRefundNote(trx, id, change.note, now);
    }
  });
  return await getRefundRequest(ctx, id);
}

async function adminRefundDtos(db: DbExecutor, rows: refundRepository.RefundListRow[]): Promise<AdminCoinRefund[]> {
  const deposits = await repository.findDepositsById(
    db,
    rows.flatMap((row) => (row.coin_deposit_id === null ? [] : [row.coin_deposit_id])),
  );
  const parts = await refundPartRepository.findRefundParts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...refundDto(row, parts.get(row.id) ?? []),
    userId: row.user_id,
    username: row.username,
    email: row.email,
    ledgerTransactionId: row.ledger_transaction_id,
    payment: row.coin_deposit_id === null ? null : (deposits.get(row.coin_deposit_id)?.payment ?? null),
    paidBy: row.paid_by,
    note: row.note,
  }));
}
