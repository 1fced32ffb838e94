// The time-skipping test server does not implement Schedules ("Failed to create schedule"), so the Schedule is
// checked against the Temporal CLI dev server, the server of `npm start` (as the coin expiry Schedule is).
import { ScheduleOverlapPolicy } from '@temporalio/client';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDataMaintenanceActivities } from '@fanmission/services/retention';
import { SCHEDULE_TEST_TIMEOUT_MS, useScheduleServer } from '@fanmission/tests/support/schedule-server';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { createMember } from '@fanmission/tests/support/ledger';
import { DATA_MAINTENANCE_SCHEDULE_ID, ensureDataMaintenanceSchedule } from '@fanmission/workflows/maintenance';

const database = useTestDatabase();
const schedules = useScheduleServer(DATA_MAINTENANCE_SCHEDULE_ID, 'fanmission-maintenance-schedule-');
const { handle } = schedules;

describe('the daily data maintenance Schedule', { timeout: SCHEDULE_TEST_TIMEOUT_MS }, () => {
  it('runs dataMaintenance every day at 04:30 Korea time, skipping a run while one is still going', async () => {
    expect(await ensureDataMaintenanceSchedule(schedules.client)).toBe('created');
    const description = await handle().describe();
    expect(description.spec.timezone).toBe('Asia/Seoul');
    expect(description.spec.calendars).toEqual([
      expect.objectContaining({
        hour: [{ start: 4, end: 4, step: 1 }],
        minute: [{ start: 30, end: 30, step: 1 }],
        comment: 'daily at 04:30 Korea time',
      }),
    ]);
    expect(description.policies.overlap).toBe(ScheduleOverlapPolicy.SKIP);
    expect(description.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'dataMaintenance',
      taskQueue: 'fanmission',
    });
    // 04:30 in Korea is 19:30 UTC of the day before, every day.
    const next = description.info.nextActionTimes.map((time) => time.toISOString());
    expect(next.length).toBeGreaterThanOrEqual(2);
    for (const time of next) expect(time).toMatch(/T19:30:00\.000Z$/);
  });

  it('is created once: a later worker start restores its spec and keeps an operator’s pause', async () => {
    await schedules.changeByOperator({ spec: { calendars: [{ hour: 3 }], timezone: 'UTC' }, pauseNote: 'migration' });
    expect(await ensureDataMaintenanceSchedule(schedules.client)).toBe('updated');
    const description = await schedules.describeUpdatedTo('Asia/Seoul');
    expect(description.state).toMatchObject({ paused: true, note: 'migration' });
    await handle().unpause();
  });

  it('runs the whole retention pass on the production worker and records the run', async () => {
    const db = database.current.db;
    const userId = await createMember(db);
    await sql`insert into notifications (user_id, kind, event_id, created_at)
      values (${userId}, 'mission.liked', gen_random_uuid(), now() - interval '7 months')`.execute(db);
    const lines: string[] = [];
    const result = (await schedules.runTriggered(
      createDataMaintenanceActivities({ db, consumers: [], log: (line) => lines.push(line) }),
    )) as { runId: number; removed: Record<string, Record<string, unknown>> };
    expect(result.removed.windows).toMatchObject({ notifications: 1 });
    expect(lines).toContain('data maintenance windows: notifications=1');
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from data_maintenance_runs where id = ${result.runId} and error is null`.execute(db);
    expect(rows[0]!.n).toBe(1);
  });
});
