import { type CoinRefundKind, WON_PER_COIN } from '@fanmission/contracts';
import { chargeShares, partialRefundFee, type WalletLot } from '@fanmission/ledger';
import type { DbExecutor } from '../db';
import { type ChargeCoins, type ChargesTaken, chargesOf, destinationFor, type StoredDestination } from '../money-out';
import { chargeRefundAmount, recordAppRefund } from '../payments';
import * as refundPartRepository from './refund-part-repository';

/*
 * The parts of a refund request, each paid the way the money-out rule says (services/src/money-out/rules.ts): a
 * provider charge back through its provider in its own currency and amount (a PayPal charge in USD cents, never
 * converted through KRW at today's rate), recorded beforehand as an app refund so the provider's notice takes no
 * coins twice; bank deposits and billed phone charges by bank transfer in won. The 3 % fee is shared pro rata.
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

/** The charges whose coins a ledger refund transaction took. */
async function chargesTaken(trx: DbExecutor, ledgerTransactionId: number, at: Date): Promise<ChargesTaken> {
  return await chargesOf(trx, await chargeShares(trx, ledgerTransactionId), at);
}

/**
 * Where the money of the refund a ledger transaction made goes, decided when it took the coins, with the depositor
 * names of the bank deposits it pays back (an account of one of them is the fan's own).
 */
export async function decideDestination(
  trx: DbExecutor,
  refund: { ledgerTransactionId: number; at: Date; kind: CoinRefundKind },
): Promise<StoredDestination & { depositorNames: string[] }> {
  const charges = await chargesTaken(trx, refund.ledgerTransactionId, refund.at);
  return { ...destinationFor(charges, refund.kind), depositorNames: charges.depositorNames };
}

/** What a partial refund asked now would do: where the money goes, the won sent to an account, the depositors. */
export interface PartialRefundPlan extends StoredDestination {
  /** Won that go to the fan's bank account (the coins of bank deposits and billed phone charges, less their fee). */
  toAccountAmount: number;
  depositorNames: string[];
}

/**
 * Where a partial refund asked at `at` of the wallet's `walletLots` would send the money: the same rule over the
 * lots the ledger would take (`decidePartialRefund`: every unexpired CASH coin held) and their 3 % fee, before any
 * coin moves, so the fan knows whether to give an account and the account's holder can be checked. Null when
 * nothing would be taken.
 */
export async function partialRefundPlan(
  db: DbExecutor,
  walletLots: readonly WalletLot[],
  at: Date,
): Promise<PartialRefundPlan | null> {
  const held: ChargeCoins[] = walletLots
    .filter((lot) => lot.source === 'CASH' && !lot.expired && lot.remaining > 0)
    .map((lot) => ({ paymentId: lot.paymentId ?? null, coins: lot.remaining }));
  if (held.length === 0) return null;
  const feeCoins = partialRefundFee(held.reduce((sum, share) => sum + share.coins, 0));
  const charges = await chargesOf(db, held, at);
  const fees = splitFee([...charges.byProvider.map((charge) => charge.coins), charges.toAccountCoins], feeCoins);
  return {
    ...destinationFor(charges, 'PARTIAL_REFUND'),
    toAccountAmount: (charges.toAccountCoins - fees.at(-1)!) * WON_PER_COIN,
    depositorNames: charges.depositorNames,
  };
}

/**
 * Records, in the transaction that took the coins, the parts of a refund request (once per request and ledger
 * transaction), each paid the way its charge came (`chargesOf`): a provider charge through its provider, its app
 * refund recorded so the provider's notice takes no coins twice; the rest by bank transfer, in won. Sets the
 * request's currency and amount in it when every part has the same currency. `requestIdOf` names the app refund of a
 * charge (a withdrawal keeps its deposit's name).
 */
export async function recordRefundParts(
  trx: DbExecutor,
  refund: {
    id: number;
    ledgerTransactionId: number;
    feeCoins: number;
    /** When the coins were taken: a phone charge of an earlier month cannot go back through its carrier then. */
    at: Date;
    requestIdOf: (paymentId: string) => string;
  },
): Promise<void> {
  const recorded = await refundPartRepository.findRefundParts(trx, [refund.id]);
  if ((recorded.get(refund.id) ?? []).some((part) => part.ledger_transaction_id === refund.ledgerTransactionId)) {
    return;
  }
  const { byProvider: charges, toAccountCoins: otherCoins } = await chargesTaken(
    trx,
    refund.ledgerTransactionId,
    refund.at,
  );
  const fees = splitFee([...charges.map((charge) => charge.coins), otherCoins], refund.feeCoins);
  const parts: refundPartRepository.NewRefundPart[] = [];
  for (const [index, { order, coins }] of charges.entries()) {
    const paymentId = order.id;
    const feeCoins = fees[index]!;
    const part = { refund_id: refund.id, ledger_transaction_id: refund.ledgerTransactionId, payment_id: paymentId };
    const amount = await chargeRefundAmount(trx, order, coins - feeCoins);
    const requestId = amount > 0 ? refund.requestIdOf(paymentId) : null;
    if (requestId) {
      await recordAppRefund(trx, { paymentId, requestId, amount, currency: order.currency, coins });
    }
    parts.push({
      ...part,
      via: 'PROVIDER',
      coins,
      fee_coins: feeCoins,
      currency: order.currency,
      amount,
      request_id: requestId,
    });
  }
  if (otherCoins > 0) {
    const feeCoins = fees.at(-1)!;
    parts.push({
      refund_id: refund.id,
      ledger_transaction_id: refund.ledgerTransactionId,
      payment_id: null,
      via: 'BANK_TRANSFER',
      coins: otherCoins,
      fee_coins: feeCoins,
      currency: 'KRW',
      amount: (otherCoins - feeCoins) * WON_PER_COIN,
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
