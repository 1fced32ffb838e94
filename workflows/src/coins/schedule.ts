import {
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
import { ensureSchedule } from '../schedules';
import { FANMISSION_TASK_QUEUE } from '../task-queue';
import { COIN_EXPIRY_TIME_ZONE } from './expiry-date';
import type { expireCoinLots } from './workflows';

export const COIN_EXPIRY_SCHEDULE_ID = 'coin-expiry-daily';

/** Every day at 00:05 Korea time; a run still going when the next is due makes the next one skip. */
export function coinExpirySchedule(
  taskQueue: string = FANMISSION_TASK_QUEUE,
): ScheduleOptions<ScheduleOptionsStartWorkflowAction<typeof expireCoinLots>> {
  return {
    scheduleId: COIN_EXPIRY_SCHEDULE_ID,
    spec: {
      calendars: [{ hour: 0, minute: 5, comment: 'daily at 00:05 Korea time' }],
      timezone: COIN_EXPIRY_TIME_ZONE,
    },
    action: {
      type: 'startWorkflow',
      workflowType: 'expireCoinLots',
      // The server appends the scheduled time, so each day's run has its own id.
      workflowId: 'coin-expiry',
      taskQueue,
      args: [{}],
    },
    policies: {
      overlap: ScheduleOverlapPolicy.SKIP,
      // After an outage the missed day still runs (a later date's run would catch its lots anyway).
      catchupWindow: '1 day',
    },
  };
}

/** Creates the daily expiry Schedule or brings it to this definition (see `ensureSchedule`). */
export async function ensureCoinExpirySchedule(
  client: Client,
  options: { taskQueue?: string } = {},
): Promise<'created' | 'updated'> {
  return ensureSchedule(client, coinExpirySchedule(options.taskQueue));
}
