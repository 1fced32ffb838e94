import {
  addBusinessDays,
  COIN_RULES,
  type CoinRefund,
  type Language,
  type Page,
  type PageQuery,
  type RefundBankAccount,
  WON_PER_COIN,
} from '@fanmission/contracts';
import { partialRefund } from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import { AppError, notFound, pageOffset, toPage } from '../http';
import { bankHolderOf } from '../money-out';
import { decideDestination, recordRefundParts } from './refund-parts';
import * as refundRepository from './refund-repository';
import * as refundPartRepository from './refund-part-repository';
import {
  accountOfRequest,
  partialRefundRequestId,
  lockChargesOfHeldCoins,
  refuseFrozenCoins,
  refusalError,
  partsOf,
  refundDto,
  refundedBy,
} from './refund-service';

// The fan's own refund requests: the list with each one's status, and correcting the bank account of a refused one
// (which asks again).

/** The fan's refund requests with their status (requested, paid, refused with the reason), newest first. */
export async function myRefundRequests(
  ctx: ServiceContext,
  userId: number,
  query: PageQuery,
  language: Language,
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
    rows.map((row) => refundDto(row, parts.get(row.id) ?? [], language)),
    total,
    query,
  );
}

/**
 * The fan corrects the account of a partial refund finance refused: it is requested again, refunding the CASH coins
 * he holds then (the refusal gave them back). The bank is asked who holds the account first, and the part that goes
 * to it must go to the fan's own (`accountOfRequest`). Someone else's request is "not found".
 */
export async function correctRefundAccount(
  ctx: ServiceContext,
  userId: number,
  refundId: number,
  account: RefundBankAccount,
): Promise<CoinRefund> {
  const owned = await refundRepository.findRefund(ctx.db, refundId);
  if (!owned || owned.user_id !== userId) throw notFound('coinRefunds.notFound');
  const bankHolder =
    owned.kind === 'PARTIAL_REFUND' && owned.status === 'refused' ? await bankHolderOf(ctx, account) : null;
  const request = { userId, bankAccount: account, bankHolder };
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
      const destination = await decideDestination(trx, {
        ledgerTransactionId: current.ledger_transaction_id,
        at: now,
        kind: 'PARTIAL_REFUND',
      });
      const checked = await accountOfRequest(trx, ctx, request, destination);
      await refundRepository.resubmitRefund(trx, refundId, checked, { ...againOf(current), destination }, now);
      await recordRefundParts(trx, {
        id: refundId,
        ledgerTransactionId: current.ledger_transaction_id,
        feeCoins: current.fee_coins,
        at: now,
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
    const destination = await decideDestination(trx, {
      ledgerTransactionId: entry.transactionId,
      at: entry.occurredAt,
      kind: 'PARTIAL_REFUND',
    });
    const checked = await accountOfRequest(trx, ctx, request, destination);
    await refundRepository.resubmitRefund(
      trx,
      refundId,
      checked,
      {
        ledgerTransactionId: entry.transactionId,
        coins,
        feeCoins,
        amount: (coins - feeCoins) * WON_PER_COIN,
        dueOn: addBusinessDays(entry.occurredAt, COIN_RULES.refundWithinBusinessDays),
        destination,
      },
      entry.occurredAt,
    );
    await recordRefundParts(trx, {
      id: refundId,
      ledgerTransactionId: entry.transactionId,
      feeCoins,
      at: entry.occurredAt,
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
