import { COIN_RULES, type CoinLotSource, DAY_MS } from '@fanmission/contracts';

/** A wallet lot as the deciders see it. */
export interface Lot {
  id: number;
  account: string;
  source: CoinLotSource;
  amount: number;
  remaining: number;
  expiresAt: Date;
}

/** Coins are valid for 5 calendar years from the charge or receipt (UTC; 29 February rolls to 1 March). */
export function lotExpiry(creditedAt: Date): Date {
  const expiresAt = new Date(creditedAt.getTime());
  expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + COIN_RULES.validityYears);
  return expiresAt;
}

/** The last instant a charge can be withdrawn: 7 × 24 hours after it, inclusive. */
export function withdrawalDeadline(purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + COIN_RULES.withdrawalWindowDays * DAY_MS);
}

const FEE_BASIS_POINTS = Math.round(COIN_RULES.partialRefundFeeRate * 10_000);

/**
 * The partial-refund fee on `coins` held CASH coins: 3 % rounded down to a whole coin, so the member never gets back
 * less than 97 % (1,000 coins → 30 fee, 970 refunded; 33 coins → 0 fee; 34 coins → 1 fee).
 */
export function partialRefundFee(coins: number): number {
  return Math.floor((coins * FEE_BASIS_POINTS) / 10_000);
}

export const isSpendable = (lot: Lot, now: Date) => lot.remaining > 0 && lot.expiresAt.getTime() > now.getTime();
export const isExpired = (lot: Lot, asOf: Date) => lot.remaining > 0 && lot.expiresAt.getTime() <= asOf.getTime();

/** Earliest expiry first; lots expiring together in the order they were credited. */
export function byExpiry(a: Lot, b: Lot): number {
  return a.expiresAt.getTime() - b.expiresAt.getTime() || a.id - b.id;
}

export type Allocation = { ok: true; taken: { lot: Lot; coins: number }[] } | { ok: false; available: number };

/** Takes `coins` from the spendable lots, earliest expiry first; or says how many are available. */
export function allocateFifo(lots: readonly Lot[], coins: number, now: Date): Allocation {
  const spendable = lots.filter((lot) => isSpendable(lot, now)).sort(byExpiry);
  const taken: { lot: Lot; coins: number }[] = [];
  let missing = coins;
  for (const lot of spendable) {
    if (missing === 0) break;
    const take = Math.min(lot.remaining, missing);
    taken.push({ lot, coins: take });
    missing -= take;
  }
  if (missing > 0) return { ok: false, available: coins - missing };
  return { ok: true, taken };
}
