import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
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

/**
 * Creates the monthly settlement Schedule, or brings an existing one to this spec, action and policies (keeping
 * whether an operator paused it). Safe to call on every worker start, from several workers at once.
 */
export async function ensureSettlementSchedule(
  client: Client,
  options: { taskQueue?: string } = {},
): Promise<'created' | 'updated'> {
  const schedule = settlementSchedule(options.taskQueue);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.schedule.create(schedule);
      return 'created';
    } catch (error) {
      if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    }
    try {
      await client.schedule.getHandle(schedule.scheduleId).update((previous) => ({
        ...previous,
        spec: schedule.spec,
        action: schedule.action,
        policies: schedule.policies,
      }));
      return 'updated';
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
