import { type AdminCoinRefund, refundsThroughProvider } from '@fanmission/contracts';
import type { ServiceContext } from '../context';
import { AppError } from '../http';
import {
  findPaymentOrder,
  paymentProvidersFor,
  reconcileProviderRefunds,
  refundAppRefundAtProvider,
} from '../payments';
import { getRefundRequest } from './refund-finance';
import * as refundRepository from './refund-repository';
import * as refundPartRepository from './refund-part-repository';

/*
 * Finance refunds a request through the providers that took the money, in each charge's own currency and
 * amount (PortOne in won, PayPal in USD cents), instead of sending it by hand. Each provider part is refunded once:
 * the request is claimed first (a second click waits), an app refund names the provider call (PayPal-Request-Id;
 * for PortOne, an interrupted call is found again among the payment's cancellations before asking anew), and the
 * provider's later notice of that refund takes no coins (the coins were accounted when the request took them).
 */

/**
 * Refunds every provider part of a requested refund at its provider; when nothing is left to send by bank transfer,
 * the request is marked paid (by `financeUserId`, with the provider's refund id). Asked again once paid this way, it
 * answers the request as it stands. 409 when its destination is an account (the fan's, or a withdrawn bank
 * deposit's) or no part can go back through a provider, when the
 * request was refused (also by a chargeback of one of its charges, reconciled first), paid by hand, or is being
 * refunded by another call; 502 when a provider cannot be reached or
 * refuses (the parts it refunded before stay recorded; a retry goes on with the rest). `sent` tells whether this call
 * had a provider send money back (false when it only answered what an earlier or concurrent call did).
 */
export async function refundRequestAtProvider(
  ctx: ServiceContext,
  id: number,
  financeUserId: number,
  reason: string,
): Promise<{ refund: AdminCoinRefund; sent: boolean }> {
  const before = await getRefundRequest(ctx, id);
  // The fan was told his money goes to an account: it is sent there, never split off to a provider.
  if (!refundsThroughProvider(before.destination)) throw notRefundableAtProvider();
  const providerParts = before.parts.filter((part) => part.via === 'PROVIDER' && part.amount > 0);
  if (providerParts.length === 0) throw notRefundableAtProvider();
  if (before.status === 'paid' && refundedAtProvider(before)) return { refund: before, sent: false };
  if (before.status !== 'requested') throw new AppError(409, 'coinRefunds.notRequested', { code: 'CONFLICT' });
  const providers = paymentProvidersFor(ctx);
  // A charge its provider took back meanwhile (a chargeback whose notice has not come yet) is reconciled first, before
  // the claim: a request it can no longer pay is refused then (docs/rules/money-out.md), and is not asked for here.
  for (const paymentId of new Set(providerParts.flatMap((part) => (part.paymentId ? [part.paymentId] : [])))) {
    const payment = await findPaymentOrder(ctx.db, paymentId);
    if (payment) await reconcileProviderRefunds(ctx, providers, payment);
  }
  const now = ctx.now();
  const claimed = await refundPartRepository.claimProviderRefund(
    ctx.db,
    id,
    now,
    new Date(now.getTime() - refundPartRepository.PROVIDER_REFUND_CLAIM_MS),
  );
  if (!claimed) {
    const current = await getRefundRequest(ctx, id);
    if (current.status === 'paid' && refundedAtProvider(current)) return { refund: current, sent: false };
    if (current.status !== 'requested') throw new AppError(409, 'coinRefunds.notRequested', { code: 'CONFLICT' });
    throw new AppError(409, 'coinRefunds.providerRefundUnderWay', { code: 'CONFLICT' });
  }
  let sent = false;
  try {
    const parts = (await refundPartRepository.findRefundParts(ctx.db, [id])).get(id) ?? [];
    for (const part of parts) {
      if (!part.payment_id || !part.request_id || part.provider_refund_id !== null) continue;
      const providerRefundId = await refundAppRefundAtProvider(ctx, providers, {
        paymentId: part.payment_id,
        requestId: part.request_id,
        reason,
      });
      await refundPartRepository.markPartRefunded(ctx.db, part.id, providerRefundId, ctx.now());
      part.provider_refund_id = providerRefundId;
      sent = true;
    }
    const refunded = parts.filter((part) => part.provider_refund_id !== null);
    // Nothing left for a bank transfer: the request is paid.
    if (parts.every((part) => part.provider_refund_id !== null || part.amount === 0)) {
      await ctx.db.transaction().execute(async (trx) => {
        const current = await refundRepository.lockRefund(trx, id);
        if (current?.status !== 'requested') return;
        await refundRepository.markRefundPaid(trx, id, { paidAt: ctx.now(), paidBy: financeUserId });
        await refundPartRepository.setRefundProviderRefundId(
          trx,
          id,
          refunded.map((part) => part.provider_refund_id).join(','),
        );
      });
    }
  } finally {
    await refundPartRepository.releaseProviderRefund(ctx.db, id);
  }
  return { refund: await getRefundRequest(ctx, id), sent };
}

const notRefundableAtProvider = () =>
  new AppError(409, 'coinRefunds.notRefundableAtProvider', { code: 'NOT_REFUNDABLE_AT_PROVIDER' });

/** Every provider part of the request was refunded at its provider. */
const refundedAtProvider = (refund: AdminCoinRefund) =>
  refund.parts.every((part) => part.via !== 'PROVIDER' || part.amount === 0 || part.providerRefundId !== null);
