import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import type { MessageKey } from '../i18n';
import { appRefundPending } from '../payments';
import { refuseLockedRefund } from './refund-finance';
import * as refundRepository from './refund-repository';
import * as refundPartRepository from './refund-part-repository';
import { partsOf } from './refund-service';

/*
 * A charge the provider refunded on its own (a chargeback, a cancellation made at the provider) can no longer pay a
 * refund request's provider part that asks more than the provider still holds of it (docs/rules/money-out.md). Such a
 * request still waiting for finance is refused as finance's refusal does (its coins back into the lots they came
 * from), in the transaction that then reverses the charge, so the reversal takes those coins from the charge's lot
 * instead of recording them as spent. A request whose money a provider refunded or is refunding (a part refunded, its
 * app refund no longer pending, or finance's refund at the provider under way) is left as it is.
 */

/** The reason a request refused this way reads, in the fan's language (`refundDto` translates it). */
export const CHARGED_BACK_REASON: MessageKey = 'coinRefunds.refusedChargedBack';

/**
 * Refuses, under the payment's lock held by the caller, the requested refunds with a provider part on `paymentId`
 * that the `leftAtProvider` minor units the provider still holds of the charge cannot pay: oldest first, each kept one
 * counting against what is left.
 */
export async function refuseRequestsOfReversedCharge(
  ctx: ServiceContext,
  trx: DbExecutor,
  charge: { paymentId: string; leftAtProvider: number },
): Promise<void> {
  const requests = await trx
    .selectFrom('coin_refund_parts as p')
    .innerJoin('coin_refunds as r', (join) =>
      join.onRef('r.id', '=', 'p.refund_id').onRef('r.ledger_transaction_id', '=', 'p.ledger_transaction_id'),
    )
    .select('r.id')
    .distinct()
    .where('p.payment_id', '=', charge.paymentId)
    .where('p.via', '=', 'PROVIDER')
    .where('r.status', '=', 'requested')
    .orderBy('r.id')
    .execute();
  let left = charge.leftAtProvider;
  const now = ctx.now();
  for (const { id } of requests) {
    const current = await refundRepository.lockRefund(trx, id);
    if (current?.status !== 'requested') continue;
    const parts = await partsOf(trx, id);
    let owed = 0;
    let made = parts.some((part) => part.provider_refund_id !== null);
    for (const part of parts) {
      if (part.payment_id !== charge.paymentId || part.via !== 'PROVIDER') continue;
      // No app refund: the part carries no money (its coins' share was all fee).
      if (part.request_id === null) continue;
      if (await appRefundPending(trx, { paymentId: charge.paymentId, requestId: part.request_id })) {
        owed += part.amount;
      } else {
        // The provider answered this part's refund (its notice names it): the money went back that way.
        made = true;
      }
    }
    const claimedRecently =
      current.provider_refund_claimed_at !== null &&
      current.provider_refund_claimed_at.getTime() > now.getTime() - refundPartRepository.PROVIDER_REFUND_CLAIM_MS;
    if (made || claimedRecently || (left > 0 && owed <= left)) {
      left -= owed;
      continue;
    }
    await refuseLockedRefund(trx, id, current, parts, {
      refusedAt: now,
      refusedBy: null,
      reason: CHARGED_BACK_REASON,
    });
    ctx.log.warn(
      { refundId: id, paymentId: charge.paymentId },
      'a refund request on a charge the provider refunded on its own was refused, its coins returned to the wallet',
    );
  }
}
