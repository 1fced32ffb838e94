import {
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
import { ensureSchedule } from '../schedules';
import { FANMISSION_TASK_QUEUE } from '../task-queue';
import type { dataMaintenance } from './workflows';

export const DATA_MAINTENANCE_SCHEDULE_ID = 'data-maintenance-daily';

/**
 * Every day at 04:30 Korea time (the quietest hour, after the coin expiry at 00:05 and before the warnings at 09:00);
 * a run still going when the next is due makes the next one skip. Daily keeps every legal destruction within the
 * 5 days the privacy terms allow.
 */
export function dataMaintenanceSchedule(
  taskQueue: string = FANMISSION_TASK_QUEUE,
): ScheduleOptions<ScheduleOptionsStartWorkflowAction<typeof dataMaintenance>> {
  return {
    scheduleId: DATA_MAINTENANCE_SCHEDULE_ID,
    spec: {
      calendars: [{ hour: 4, minute: 30, comment: 'daily at 04:30 Korea time' }],
      timezone: 'Asia/Seoul',
    },
    action: {
      type: 'startWorkflow',
      workflowType: 'dataMaintenance',
      // The server appends the scheduled time, so each day's run has its own id.
      workflowId: 'data-maintenance',
      taskQueue,
      args: [{}],
    },
    policies: {
      overlap: ScheduleOverlapPolicy.SKIP,
      // After an outage the missed day still runs (the next day's pass would remove the same rows anyway).
      catchupWindow: '1 day',
    },
  };
}

/** Creates the daily data maintenance Schedule or brings it to this definition (see `ensureSchedule`). */
export async function ensureDataMaintenanceSchedule(
  client: Client,
  options: { taskQueue?: string } = {},
): Promise<'created' | 'updated'> {
  return ensureSchedule(client, dataMaintenanceSchedule(options.taskQueue));
}
