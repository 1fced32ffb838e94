import {
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
import { ensureSchedule } from '../schedules';
import { FANMISSION_TASK_QUEUE } from '../task-queue';
import type { settleMonth } from './workflows';

export const SETTLEMENT_SCHEDULE_ID = 'settlement-monthly';

/** The 1st of every month at 00:10 Korea time (the month before); a run still going makes the next one skip. */
export function settlementSchedule(
  taskQueue: string = FANMISSION_TASK_QUEUE,
): ScheduleOptions<ScheduleOptionsStartWorkflowAction<typeof settleMonth>> {
  return {
    scheduleId: SETTLEMENT_SCHEDULE_ID,
    spec: {
      calendars: [{ dayOfMonth: 1, hour: 0, minute: 10, comment: 'monthly on the 1st at 00:10 Korea time' }],
      timezone: 'Asia/Seoul',
    },
    action: {
      type: 'startWorkflow',
      workflowType: 'settleMonth',
      // The server appends the scheduled time, so each month's run has its own id.
      workflowId: 'settlement',
      taskQueue,
      args: [{}],
    },
    policies: {
      overlap: ScheduleOverlapPolicy.SKIP,
      // After an outage the missed month still runs (a later run would settle its coins anyway).
      catchupWindow: '7 days',
    },
  };
}

/** Creates the monthly settlement Schedule or brings it to this definition (see `ensureSchedule`). */
export async function ensureSettlementSchedule(
  client: Client,
  options: { taskQueue?: string } = {},
): Promise<'created' | 'updated'> {
  return ensureSchedule(client, settlementSchedule(options.taskQueue));
}
