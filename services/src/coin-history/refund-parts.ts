import { phonePaymentCancellable, WON_PER_COIN } from '@fanmission/contracts';
import { chargeShares } from '@fanmission/ledger';
import type { DbExecutor } from '../db';
import { chargeRefundAmount, findPaymentOrder, recordAppRefund } from '../payments';
import * as refundPartRepository from './refund-part-repository';

type PaymentOrder = NonNullable<Awaited<ReturnType<typeof findPaymentOrder>>>;

/*
 * A refund request pays back each charge whose coins it took in that charge's own currency and amount (a
 * PayPal charge in USD cents, never converted through KRW at today's rate). A part of a card, KakaoPay, PayPal or
 * phone charge goes back through its provider (a phone charge only within the month it was paid in), recorded beforehand as an app refund so the provider's notice takes no coins twice; a
 * part of a bank deposit (no provider) is paid by bank transfer. The 3 % fee of a partial refund is shared pro rata.
 */

/** Splits `fee` coins over `coins` pro rata, largest remainders first: the shares sum to `fee` exactly. */
export function splitFee(coins: number[], fee: number): number[] {
  const total = coins.reduce((sum, value) => sum + value, 0);
  if (total === 0 || fee === 0) return coins.map(() => 0);
  const shares = coins.map((value) => Math.floor((value * fee) / total));
  const byRemainder = coins
    .map((value, index) => ({ index, remainder: (value * fee) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let left = fee - shares.reduce((sum, value) => sum + value, 0);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Records, in the transaction that took the coins, the parts of a refund request (once per request and ledger
 * transaction) and the app refund of each provider part; sets the request's currency and amount in it when every
 * part has the same currency. `requestIdOf` names the app refund of a charge (a withdrawal keeps its deposit's name).
 */
export async function recordRefundParts(
  trx: DbExecutor,
  refund: {
    id: number;
    ledgerTransactionId: number;
    feeCoins: number;
    /** When the coins were taken: a phone charge of an earlier month is then paid back by bank transfer. */
    at: Date;
    requestIdOf: (paymentId: string) => string;
  },
): Promise<void> {
  const recorded = await refundPartRepository.findRefundParts(trx, [refund.id]);
  if ((recorded.get(refund.id) ?? []).some((part) => part.ledger_transaction_id === refund.ledgerTransactionId)) {
    return;
  }
  // Each charge's order (card, KakaoPay, PayPal) with the coins taken from it; bank deposits have no order.
  const byCharge = new Map<string, { order: PaymentOrder; coins: number }>();
  let bankCoins = 0;
  for (const share of await chargeShares(trx, refund.ledgerTransactionId)) {
    const known = share.paymentId ? byCharge.get(share.paymentId) : undefined;
    const found = known?.order ?? (share.paymentId ? await findPaymentOrder(trx, share.paymentId) : undefined);
    // The carrier refuses to cancel a phone charge once its month is billed: that part goes by bank transfer.
    const billed = found?.pay_method === 'phone' && found.paid_at && !phonePaymentCancellable(found.paid_at, refund.at);
    const order = billed ? undefined : found;
    if (order) byCharge.set(order.id, { order, coins: (known?.coins ?? 0) + share.coins });
    else bankCoins += share.coins;
  }
  const charges = [...byCharge.values()];
  const fees = splitFee([...charges.map((charge) => charge.coins), bankCoins], refund.feeCoins);
  const parts: refundPartRepository.NewRefundPart[] = [];
  for (const [index, { order, coins }] of charges.entries()) {
    const paymentId = order.id;
    const feeCoins = fees[index]!;
    const amount = await chargeRefundAmount(trx, order, coins - feeCoins);
    const requestId = amount > 0 ? refund.requestIdOf(paymentId) : null;
    if (requestId) {
      await recordAppRefund(trx, { paymentId, requestId, amount, currency: order.currency, coins });
    }
    parts.push({
      refund_id: refund.id,
      ledger_transaction_id: refund.ledgerTransactionId,
      payment_id: paymentId,
      coins,
      fee_coins: feeCoins,
      currency: order.currency,
      amount,
      request_id: requestId,
    });
  }
  if (bankCoins > 0) {
    const feeCoins = fees.at(-1)!;
    parts.push({
      refund_id: refund.id,
      ledger_transaction_id: refund.ledgerTransactionId,
      payment_id: null,
      coins: bankCoins,
      fee_coins: feeCoins,
      currency: 'KRW',
      amount: (bankCoins - feeCoins) * WON_PER_COIN,
      request_id: null,
    });
  }
  await refundPartRepository.insertRefundParts(trx, parts);
  const currencies = new Set(parts.filter((part) => part.amount > 0).map((part) => part.currency));
  const [only] = currencies;
  await refundPartRepository.setRefundCurrency(trx, refund.id, {
    currency: currencies.size === 1 && only ? only : 'KRW',
    amountMinor: currencies.size === 1 ? parts.reduce((sum, part) => sum + part.amount, 0) : null,
  });
}
