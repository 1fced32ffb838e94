import {
  type CoinRefundKind,
  type PayMethod,
  phonePaymentCancellable,
  type RefundDestinationKind,
  refundsThroughProvider,
  WON_PER_COIN,
} from '@fanmission/contracts';
import { chargeShares } from '@fanmission/ledger';
import type { DbExecutor } from '../db';
import { chargeRefundAmount, findPaymentOrders, recordAppRefund } from '../payments';
import * as refundPartRepository from './refund-part-repository';

type PaymentOrder = NonNullable<ReturnType<Awaited<ReturnType<typeof findPaymentOrders>>['get']>>;

/*
 * A refund request pays back each charge whose coins it took in that charge's own currency and amount (a
 * PayPal charge in USD cents, never converted through KRW at today's rate) when the whole request goes back
 * through the providers (card, KakaoPay, PayPal, phone within the month it was paid in), each recorded beforehand as
 * an app refund so the provider's notice takes no coins twice. When one of its charges cannot (a bank deposit, a
 * billed phone charge), the whole request is paid by bank transfer in won. The 3 % fee is shared pro rata.
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

/** Coins of one charge a refund takes: the charge's payment (`paymentId` of its PURCHASE; null when none paid it). */
export interface ChargeCoins {
  paymentId: string | null;
  coins: number;
}

/** The charges whose coins a refund takes: each provider order with its coins, and the rest. */
interface ChargesTaken {
  /** Each charge a provider can still refund (card, KakaoPay, PayPal, a phone charge within its month). */
  byProvider: { order: PaymentOrder; coins: number }[];
  /** Coins of charges no provider can refund: bank deposits, and phone charges of a month already billed. */
  otherCoins: number;
  /** Whether some of those other coins came from a bank deposit. */
  bankDeposit: boolean;
}

/** Sorts the coins of `shares` by whether a provider can take their charge back at `at`. */
async function chargesOf(db: DbExecutor, shares: ChargeCoins[], at: Date): Promise<ChargesTaken> {
  const orders = await findPaymentOrders(db, [
    ...new Set(shares.flatMap((share) => (share.paymentId ? [share.paymentId] : []))),
  ]);
  const byCharge = new Map<string, { order: PaymentOrder; coins: number }>();
  let otherCoins = 0;
  let bankDeposit = false;
  for (const share of shares) {
    const known = share.paymentId ? byCharge.get(share.paymentId) : undefined;
    const found = share.paymentId ? orders.get(share.paymentId) : undefined;
    // The carrier refuses to cancel a phone charge once its month is billed: no provider can take that part back.
    const billed = found?.pay_method === 'phone' && found.paid_at && !phonePaymentCancellable(found.paid_at, at);
    const order = billed ? undefined : found;
    if (order) byCharge.set(order.id, { order, coins: (known?.coins ?? 0) + share.coins });
    else {
      otherCoins += share.coins;
      if (!found) bankDeposit = true;
    }
  }
  return { byProvider: [...byCharge.values()], otherCoins, bankDeposit };
}

/** The charges whose coins a ledger refund transaction took. */
async function chargesTaken(trx: DbExecutor, ledgerTransactionId: number, at: Date): Promise<ChargesTaken> {
  return await chargesOf(trx, await chargeShares(trx, ledgerTransactionId), at);
}

/** A refund request's destination as stored: its kind, and the pay methods of an ORIGINAL_METHOD one. */
export interface StoredDestination {
  kind: RefundDestinationKind;
  methods: PayMethod[] | null;
}

/**
 * The one rule of where a refund request's money goes: back through the providers when every charge it pays back can
 * go there; else, for a partial refund, the fan's bank account (he must give one); else (a withdrawn bank deposit)
 * back to the account it was deposited from, by hand. A request is never split between a provider and a bank
 * transfer: the fan is told one destination and finance pays it one way.
 */
function destinationFor(charges: ChargesTaken, kind: CoinRefundKind): StoredDestination {
  if (charges.otherCoins === 0 && charges.byProvider.length > 0) {
    const methods = [...new Set(charges.byProvider.map((charge) => charge.order.pay_method))].sort();
    return { kind: 'ORIGINAL_METHOD', methods };
  }
  if (kind === 'PARTIAL_REFUND' || !charges.bankDeposit) return { kind: 'BANK_ACCOUNT', methods: null };
  return { kind: 'ORIGINAL_METHOD', methods: ['withoutbankbook'] };
}

/** Where the money of the refund a ledger transaction made goes, decided when it took the coins. */
export async function decideDestination(
  trx: DbExecutor,
  refund: { ledgerTransactionId: number; at: Date; kind: CoinRefundKind },
): Promise<StoredDestination> {
  return destinationFor(await chargesTaken(trx, refund.ledgerTransactionId, refund.at), refund.kind);
}

/**
 * Where a partial refund taking `held` (the CASH coins of each lot it would take) at `at` would send the money: the
 * same rule, before any coin moves, so the fan knows whether to give an account. Null when nothing would be taken.
 */
export async function partialRefundDestination(
  db: DbExecutor,
  held: ChargeCoins[],
  at: Date,
): Promise<StoredDestination | null> {
  if (!held.some((share) => share.coins > 0)) return null;
  return destinationFor(await chargesOf(db, held, at), 'PARTIAL_REFUND');
}

/**
 * Records, in the transaction that took the coins, the parts of a refund request (once per request and ledger
 * transaction), each paid the way its destination says: through the providers, each charge's app refund recorded
 * so the provider's notice takes no coins twice; or by bank transfer, in won. Sets the request's currency and amount
 * in it when every part has the same currency. `requestIdOf` names the app refund of a charge (a withdrawal keeps
 * its deposit's name).
 */
export async function recordRefundParts(
  trx: DbExecutor,
  refund: {
    id: number;
    ledgerTransactionId: number;
    feeCoins: number;
    /** When the coins were taken: a phone charge of an earlier month cannot go back through its carrier then. */
    at: Date;
    destination: StoredDestination;
    requestIdOf: (paymentId: string) => string;
  },
): Promise<void> {
  const recorded = await refundPartRepository.findRefundParts(trx, [refund.id]);
  if ((recorded.get(refund.id) ?? []).some((part) => part.ledger_transaction_id === refund.ledgerTransactionId)) {
    return;
  }
  const { byProvider: charges, otherCoins } = await chargesTaken(trx, refund.ledgerTransactionId, refund.at);
  const throughProviders = refundsThroughProvider(refund.destination);
  const fees = splitFee([...charges.map((charge) => charge.coins), otherCoins], refund.feeCoins);
  const parts: refundPartRepository.NewRefundPart[] = [];
  for (const [index, { order, coins }] of charges.entries()) {
    const paymentId = order.id;
    const feeCoins = fees[index]!;
    const part = { refund_id: refund.id, ledger_transaction_id: refund.ledgerTransactionId, payment_id: paymentId };
    if (!throughProviders) {
      // Sent to the fan's account in won with the rest: the provider keeps the charge, and is never asked.
      const amount = (coins - feeCoins) * WON_PER_COIN;
      parts.push({
        ...part,
        via: 'BANK_TRANSFER',
        coins,
        fee_coins: feeCoins,
        currency: 'KRW',
        amount,
        request_id: null,
      });
      continue;
    }
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
