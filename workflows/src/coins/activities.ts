import { expireLots, WORLD_EXPIRED, type LedgerExecutor, type LedgerTables } from '@fanmission/ledger';
import { ApplicationFailure } from '@temporalio/common';
import { expiryAsOf, isCalendarDate } from './expiry-date';

export interface CoinActivityDependencies<DB extends LedgerTables> {
  db: LedgerExecutor<DB>;
  /** The real clock: a run never expires coins as of a day that has not begun. */
  now(): Date;
}

export interface CoinExpiryResult {
  /** The Korea-time date of the run. */
  date: string;
  /** Lots whose expiry is at or before this instant were expired. */
  asOf: string;
  /** One EXPIRY transaction per wallet, including those of an earlier attempt of the same date. */
  transactionIds: number[];
  coins: number;
}

/** The coin activities, bound to the database and the clock (the worker's process passes them in). */
export function createActivities<DB extends LedgerTables>(deps: CoinActivityDependencies<DB>) {
  return {
    /**
     * Expires every lot whose 5 years are over as of the start of `date` in Korea, under the ledger key
     * `expiry:<date>`: a retry, or a second run of the same date, expires nothing more and reports the same.
     */
    async expireCoinLotsOfDate(input: { date: string }): Promise<CoinExpiryResult> {
      if (!isCalendarDate(input.date)) {
        throw ApplicationFailure.nonRetryable(`not a calendar date: ${input.date}`, 'InvalidExpiryDate');
      }
      const asOf = expiryAsOf(input.date);
      if (asOf.getTime() > deps.now().getTime()) {
        throw ApplicationFailure.nonRetryable(`${input.date} has not begun in Korea yet`, 'ExpiryDateInFuture');
      }
      const entries = await expireLots(deps.db, { now: asOf, idempotencyKey: `expiry:${input.date}` });
      const coins = entries
        .flatMap((entry) => entry.postings)
        .filter((posting) => posting.account === WORLD_EXPIRED)
        .reduce((sum, posting) => sum + posting.amount, 0);
      return {
        date: input.date,
        asOf: asOf.toISOString(),
        transactionIds: entries.map((entry) => entry.transactionId),
        coins,
      };
    },
  };
}

export type CoinActivities = ReturnType<typeof createActivities>;
