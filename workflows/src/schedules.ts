import { ScheduleAlreadyRunning, type Client, type ScheduleOptions } from '@temporalio/client';

/**
 * Creates a Schedule, or brings an existing one to this spec, action and policies (keeping whether an operator
 * paused it). Safe to call on every worker start, from several workers at once.
 */
export async function ensureSchedule(client: Client, schedule: ScheduleOptions): Promise<'created' | 'updated'> {
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
