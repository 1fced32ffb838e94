// The daily coin expiry: started by the `coin-expiry-daily` Schedule at 00:05 Korea time, it
// expires the lots whose 5 years are over. Deterministic: the date comes from the input or the workflow clock, and
// the ledger work happens in one idempotent activity.
import { proxyActivities } from '@temporalio/workflow';
import type { CoinActivities, CoinExpiryResult, CoinExpiryWarningResult, CoinWarningActivities } from './activities';
import { koreaDate } from '@fanmission/contracts/time';

const { expireCoinLotsOfDate } = proxyActivities<CoinActivities>({
  // Batched over every wallet with expired lots; each wallet commits on its own, so a retry resumes cheaply.
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 20 },
});

export interface ExpireCoinLotsInput {
  /** The Korea-time date to expire as of (YYYY-MM-DD); defaults to today in Korea by the workflow clock. */
  date?: string;
}

export async function expireCoinLots(input: ExpireCoinLotsInput = {}): Promise<CoinExpiryResult> {
  return await expireCoinLotsOfDate({ date: input.date ?? koreaDate(new Date()) });
}

const { warnExpiringCoinsOfDate } = proxyActivities<CoinWarningActivities>({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 20 },
});

/**
 * The daily coin expiry warnings: started by the `coin-expiry-warnings-daily` Schedule at 09:00 Korea time,
 * it warns fans 30 and 7 days before their coins expire. The date comes from the input or the workflow clock; the
 * activity is idempotent per lot and threshold.
 */
export async function warnExpiringCoins(input: ExpireCoinLotsInput = {}): Promise<CoinExpiryWarningResult> {
  return await warnExpiringCoinsOfDate({ date: input.date ?? koreaDate(new Date()) });
}
