import type {
  SettleMonthInput,
  SettleMonthResult,
  SettlementActivities,
} from '@fanmission/workflows/settlement/activities';
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../db';
import { MonthNotEndedError, settleMonth } from './settlement';

export interface SettlementActivityDependencies {
  db: Db;
  /** The real clock: a month that has not ended is never settled. */
  now(): Date;
}

/** The settlement workflow's activities, bound to the database and the clock. */
export function createSettlementActivities(deps: SettlementActivityDependencies): SettlementActivities {
  return {
    async settleMonthStatements(input: SettleMonthInput): Promise<SettleMonthResult> {
      try {
        return await settleMonth(deps.db, { ...input, now: deps.now(), trigger: 'SCHEDULE' });
      } catch (error) {
        if (error instanceof MonthNotEndedError) {
          throw ApplicationFailure.nonRetryable(error.message, 'MonthNotEnded');
        }
        throw error;
      }
    },
  };
}
