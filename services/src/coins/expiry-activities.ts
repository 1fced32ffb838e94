import { expireLots, houseAccountOf, WORLD_EXPIRED, type LedgerExecutor, type LedgerTables } from '@fanmission/ledger';
import { expiryAsOf, isCalendarDate, type CoinActivities } from '@fanmission/workflows/coins';
import { ApplicationFailure } from '@temporalio/common';

export interface CoinExpiryActivityDependencies<DB extends LedgerTables> {
  db: LedgerExecutor<DB>;
  /** The real clock: a run never expires coins as of a day that has not begun. */
  now(): Date;
}

/** The coin expiry workflow's activities, bound to the database and the clock (the worker's process passes them in). */
export function createCoinExpiryActivities<DB extends LedgerTables>(
  deps: CoinExpiryActivityDependencies<DB>,
): CoinActivities {
  return {
    async expireCoinLotsOfDate(input) {
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
        .filter((posting) => houseAccountOf(posting.account) === WORLD_EXPIRED)
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
