import type { CreateCoinDepositRequest } from '@fanmission/contracts';
import { isLedgerError } from '@fanmission/ledger';
import { creditPaymentPurchase, findDepositOfPayment } from '../coins';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError } from '../http';
import { creatorCannotCharge, depositFailed, paymentMismatch, paymentNotFound } from './errors';
import type { PaymentProviders } from './providers/registry';
import { findPayment, lockPayment, markPaymentPaid } from './repository';
import type { PaymentRow } from './table';
import { verifyPaidAtProvider } from './verification';

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
  return { id: await creditVerifiedPayment(ctx, providers, payment) };
}

/**
 * Credits a payment order once its provider confirms it paid in full; the one path of the browser's
 * `POST /coin-deposit`, the provider webhooks and the sweeper, so however they race the order is credited
 * exactly once (its row lock, then the deposit check) and every caller answers the same deposit id.
 */
export async function creditVerifiedPayment(
  ctx: ServiceContext,
  providers: PaymentProviders,
  payment: PaymentRow,
): Promise<number> {
  const credited = await findDepositOfPayment(ctx.db, payment.id);
  if (credited) return credited.id;

  const verification = await verifyPaidAtProvider(ctx, providers, payment);
  return creditSafely(ctx, { paymentId: payment.id }, async (trx) => {
    // Concurrent retries queue on the order's row; the first commits, the others find its deposit.
    await lockPayment(trx, payment.id);
    const existing = await findDepositOfPayment(trx, payment.id);
    if (existing) return existing.id;
    const now = ctx.now();
    // The method the provider saw the payer use is the payment's, whatever the client chose when ordering.
    const paid = { ...payment, pay_method: verification.payMethod ?? payment.pay_method };
    await markPaymentPaid(trx, payment.id, {
      providerPaymentId: verification.providerPaymentId,
      now,
      payMethod: paid.pay_method,
      receiptUrl: verification.receiptUrl,
    });
    // The ledger purchase last: it credits a shard of world:cash-in, whose row lock other fans' purchases wait for
    // until this transaction commits (only the coin deposit row that names its ledger transaction follows).
    return creditPaymentPurchase(trx, paid, now);
  });
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
