// The monthly settlement: started by the `settlement-monthly` Schedule on the 1st at 00:10 Korea time
// for the month that has just ended, or with an explicit month. Deterministic: the month comes from the input or the
// workflow clock; the work happens in one idempotent activity.
import { proxyActivities } from '@temporalio/workflow';
import type { SettleMonthResult, SettlementActivities } from './activities';

const { settleMonthStatements } = proxyActivities<SettlementActivities>({
  // Every creator with unsettled coins, one DB transaction each: a retry resumes where the last attempt stopped.
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 20 },
});

const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The Korea-time month before the one `instant` falls in. */
export function monthBefore(instant: Date): { year: number; month: number } {
  const korea = new Date(instant.getTime() + KOREA_OFFSET_MS);
  const year = korea.getUTCFullYear();
  const month = korea.getUTCMonth() + 1;
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

export interface SettleMonthWorkflowInput {
  year?: number;
  month?: number;
}

export async function settleMonth(input: SettleMonthWorkflowInput = {}): Promise<SettleMonthResult> {
  const target =
    input.year !== undefined && input.month !== undefined
      ? { year: input.year, month: input.month }
      : monthBefore(new Date());
  return await settleMonthStatements(target);
}
