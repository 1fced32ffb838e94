import {
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
import { ensureSchedule } from '../schedules';
import { FANMISSION_TASK_QUEUE } from '../task-queue';
import { COIN_EXPIRY_TIME_ZONE } from './expiry-date';
import type { warnExpiringCoins } from './workflows';

export const COIN_EXPIRY_WARNING_SCHEDULE_ID = 'coin-expiry-warnings-daily';

/** Every day at 09:00 Korea time (a fan reads it in the morning, not at midnight); overlapping runs skip. */
export function coinExpiryWarningSchedule(
  taskQueue: string = FANMISSION_TASK_QUEUE,
): ScheduleOptions<ScheduleOptionsStartWorkflowAction<typeof warnExpiringCoins>> {
  return {
    scheduleId: COIN_EXPIRY_WARNING_SCHEDULE_ID,
    spec: {
      calendars: [{ hour: 9, minute: 0, comment: 'daily at 09:00 Korea time' }],
      timezone: COIN_EXPIRY_TIME_ZONE,
    },
    action: {
      type: 'startWorkflow',
      workflowType: 'warnExpiringCoins',
      workflowId: 'coin-expiry-warnings',
      taskQueue,
      args: [{}],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
  };
}

/** Creates the daily warning Schedule or brings it to this definition (see `ensureSchedule`). */
export async function ensureCoinExpiryWarningSchedule(
  client: Client,
  options: { taskQueue?: string } = {},
): Promise<'created' | 'updated'> {
  return ensureSchedule(client, coinExpiryWarningSchedule(options.taskQueue));
}
