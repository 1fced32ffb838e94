import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
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

/**
 * Creates the daily expiry Schedule, or brings an existing one to this spec, action and policies (keeping whether
 * an operator paused it). Safe to call on every worker start, from several workers at once.
 */
export async function ensureCoinExpirySchedule(
  client: Client,
  options: { taskQueue?: string } = {},
): Promise<'created' | 'updated'> {
  const schedule = coinExpirySchedule(options.taskQueue);
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
      // Another worker updated it between our read and our write (conflict token), or deleted it: try again.
      if (attempt >= 3) throw error;
    }
  }
}
