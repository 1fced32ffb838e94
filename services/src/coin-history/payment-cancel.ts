import type { AdminPaymentDetail } from '@fanmission/contracts';
import type { ServiceContext } from '../context';
import { AppError } from '../http';
import type { MessageKey } from '../i18n';
import { getPaymentForConsole } from '../payments';
import { refundRequestAtProvider } from './provider-refund';
import { withdrawCharge } from './refund-service';

/*
 * Finance cancels a card, KakaoPay, phone or PayPal payment at its provider (a phone payment only within the month it
 * was paid in: contracts' `phonePaymentCancellable`). It is the fan's withdrawal of that charge
 * (services/src/coin-history/refund-service.ts: the ledger takes the unused coins back under the charge's own key, and
 * a refund request is recorded), then refunded at the provider at once (./provider-refund.ts: each provider part is
 * refunded once, the request marked paid). Asked again, or after the fan withdrew the charge himself, it finds the
 * same withdrawal and the same provider refund: nothing moves twice. `sent` tells whether this call had the provider
 * send money back (false when it only answered an earlier cancel).
 */
export async function cancelPaymentAtProvider(
  ctx: ServiceContext,
  paymentId: string,
  financeUserId: number,
  reason: string,
): Promise<{ payment: AdminPaymentDetail; sent: boolean }> {
  const payment = await getPaymentForConsole(ctx, paymentId);
  if (payment.status !== 'paid' || payment.deposit === null) throw notCancellable();
  let sent: boolean;
  try {
    const withdrawal = await withdrawCharge(ctx, payment.userId, payment.deposit.id);
    ({ sent } = await refundRequestAtProvider(ctx, withdrawal.id, financeUserId, reason));
  } catch (error) {
    throw asFinanceRefusal(error);
  }
  return { payment: await getPaymentDetail(ctx, paymentId), sent };
}

/** The payment with the refund requests of its deposit. */
export async function getPaymentDetail(ctx: ServiceContext, paymentId: string): Promise<AdminPaymentDetail> {
  const payment = await getPaymentForConsole(ctx, paymentId);
  const refunds =
    payment.deposit === null
      ? []
      : await ctx.db
          .selectFrom('coin_refunds')
          .select(['id', 'kind', 'status', 'coins', 'requested_at', 'paid_at'])
          .where('coin_deposit_id', '=', payment.deposit.id)
          .orderBy('id')
          .execute();
  return {
    ...payment,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      kind: refund.kind,
      status: refund.status,
      coins: refund.coins,
      requestedAt: refund.requested_at.toISOString(),
      paidAt: refund.paid_at?.toISOString() ?? null,
    })),
  };
}

const notCancellable = () => new AppError(409, 'payments.notCancellable', { code: 'PAYMENT_NOT_CANCELLABLE' });

/** The withdrawal's refusals (worded for the fan) in finance's words; the codes stay the ledger's. */
function asFinanceRefusal(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const reworded: Partial<Record<string, MessageKey>> = {
    PURCHASE_ALREADY_USED: 'payments.cancelCoinsUsed',
    WITHDRAWAL_WINDOW_PASSED: 'payments.cancelWindowPassed',
    PURCHASE_ALREADY_REFUNDED: 'payments.cancelAlreadyRefunded',
    PHONE_CANCEL_MONTH_PASSED: 'payments.cancelPhoneMonthPassed',
  };
  const code = error.options.code;
  if (code === 'NOT_REFUNDABLE') return notCancellable();
  const key = code === undefined ? undefined : reworded[code];
  return key ? new AppError(error.status, key, error.options) : error;
}
