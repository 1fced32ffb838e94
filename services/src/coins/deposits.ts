import type { CreateCoinDepositRequest } from '@fanmission/contracts';
import { isLedgerError, purchase } from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db/transaction';
import { AppError } from '../http/errors';
import { creatorCannotCharge, depositFailed, paymentMismatch, paymentNotFound } from '../payments/errors';
import type { PaymentProviders } from '../payments/providers/registry';
import { findPayment, lockPayment, markPaymentPaid } from '../payments/repository';
import type { BankTransferRow } from '../payments/table';
import { verifyPaidAtProvider } from '../payments/verification';
import * as repository from './repository';

/** The ledger's idempotency key and payment id of a confirmed bank deposit. */
export const bankTransferPaymentId = (bankTransferId: number) => `bank-transfer:${bankTransferId}`;

/**
 * POST /coin-deposit: credits a payment order's coins once, after its provider confirmed it was paid in full. A retry
 * (or any number of concurrent ones) answers the first deposit's id.
 */
export async function depositPayment(
  ctx: ServiceContext,
  providers: PaymentProviders,
  input: CreateCoinDepositRequest,
): Promise<{ id: number }> {
  const payment = await findPayment(ctx.db, input.paymentId);
  // Another member's order is as unknown to this one as a made-up id.
  if (!payment || payment.user_id !== input.userId) throw paymentNotFound();
  if (payment.coin_item_id !== input.coinItemId) {
    throw paymentMismatch([{ field: 'coinItemId', key: 'payments.mismatch', rejectedValue: input.coinItemId }]);
  }
  const credited = await repository.findDepositByPayment(ctx.db, payment.id);
  if (credited) return { id: credited.id };

  const verification = await verifyPaidAtProvider(ctx, providers, payment);
  return creditSafely(ctx, { paymentId: payment.id }, async (trx) => {
    // Concurrent retries queue on the order's row; the first commits, the others find its deposit.
    await lockPayment(trx, payment.id);
    const existing = await repository.findDepositByPayment(trx, payment.id);
    if (existing) return existing.id;
    const item = await repository.findCoinItem(trx, payment.coin_item_id);
    if (!item) throw new Error(`coin item ${payment.coin_item_id} of payment ${payment.id} is gone`);
    const now = ctx.now();
    const entry = await purchase(trx, {
      userId: payment.user_id,
      coins: item.point,
      paymentId: payment.id,
      payMethod: payment.pay_method,
      coinItemId: item.id,
      idempotencyKey: `coin-deposit:${payment.id}`,
      now,
      metadata: { provider: payment.provider, currency: payment.currency, amount: payment.amount },
    });
    const deposit = await repository.insertCoinDeposit(trx, {
      user_id: payment.user_id,
      coin_item_id: item.id,
      payment_id: payment.id,
      ledger_transaction_id: entry.transactionId,
    });
    await markPaymentPaid(trx, payment.id, { providerPaymentId: verification.providerPaymentId, now });
    return deposit.id;
  }).then((id) => ({ id }));
}

/**
 * Credits a bank deposit an operator confirmed, inside the operator's transaction (which holds the request's row
 * lock and records the decision). Returns the coin deposit's id.
 */
export async function depositBankTransfer(
  ctx: ServiceContext,
  trx: DbExecutor,
  transfer: BankTransferRow,
): Promise<number> {
  const item = await repository.findCoinItem(trx, transfer.coin_item_id);
  if (!item) throw new Error(`coin item ${transfer.coin_item_id} of bank transfer ${transfer.id} is gone`);
  const paymentId = bankTransferPaymentId(transfer.id);
  try {
    const entry = await purchase(trx, {
      userId: transfer.user_id,
      coins: item.point,
      paymentId,
      payMethod: 'withoutbankbook',
      coinItemId: item.id,
      idempotencyKey: paymentId,
      now: ctx.now(),
      metadata: { currency: 'KRW', amount: transfer.amount },
    });
    const deposit = await repository.insertCoinDeposit(trx, {
      user_id: transfer.user_id,
      coin_item_id: item.id,
      bank_transfer_id: transfer.id,
      ledger_transaction_id: entry.transactionId,
    });
    return deposit.id;
  } catch (error) {
    // The member switched to a creator account after asking: the money goes back by bank, not into frozen coins.
    if (isLedgerError(error, 'CREATOR_CANNOT_CHARGE') || isLedgerError(error, 'COINS_FROZEN')) {
      throw new AppError(409, 'coins.creatorCannotCharge', { code: 'CREATOR_CANNOT_CHARGE' });
    }
    throw error;
  }
}

/**
 * Runs the final credit step in one DB transaction. Past verification the money has been taken, so an unexpected
 * failure here is answered with the spec's "money may have been withdrawn, contact the admin" and logged.
 */
async function creditSafely<T>(
  ctx: ServiceContext,
  context: { paymentId: string },
  credit: (trx: DbExecutor) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction().execute(credit);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isLedgerError(error, 'CREATOR_CANNOT_CHARGE') || isLedgerError(error, 'COINS_FROZEN')) {
      ctx.log.error({ err: error, ...context }, 'a paid charge was refused: the member is now a creator');
      throw creatorCannotCharge();
    }
    ctx.log.error({ err: error, ...context }, 'a verified payment could not be credited');
    throw depositFailed();
  }
}
