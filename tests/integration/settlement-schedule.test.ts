// The time-skipping test server does not implement Schedules, so the Schedule is checked against the Temporal CLI dev
// server, the server of `npm start` (as the coin expiry Schedule is).
import { koreaMonthOf, previousMonth } from '@fanmission/contracts';
import { settledAccount, balance } from '@fanmission/ledger';
import { createSettlementActivities } from '@fanmission/services/income';
import { ScheduleOverlapPolicy } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { SCHEDULE_TEST_TIMEOUT_MS, useScheduleServer } from '@fanmission/tests/support/schedule-server';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createIncomeCreator, releasedMission } from '@fanmission/tests/support/income';
import { SETTLEMENT_SCHEDULE_ID, ensureSettlementSchedule } from '@fanmission/workflows/settlement';

const testApp = useTestApp();
const schedules = useScheduleServer(SETTLEMENT_SCHEDULE_ID, 'fanmission-settlement-schedule-');
const { handle } = schedules;

describe('the monthly settlement Schedule', { timeout: SCHEDULE_TEST_TIMEOUT_MS }, () => {
  it('runs settleMonth on the 1st at 00:10 Korea time, skipping a run while one is still going', async () => {
    expect(await ensureSettlementSchedule(schedules.client)).toBe('created');
    const description = await handle().describe();
    expect(description.spec.timezone).toBe('Asia/Seoul');
    expect(description.spec.calendars).toEqual([
      expect.objectContaining({
        dayOfMonth: [{ start: 1, end: 1, step: 1 }],
        hour: [{ start: 0, end: 0, step: 1 }],
        minute: [{ start: 10, end: 10, step: 1 }],
      }),
    ]);
    expect(description.policies.overlap).toBe(ScheduleOverlapPolicy.SKIP);
    expect(description.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'settleMonth',
      taskQueue: 'fanmission',
    });
    // 00:10 on the 1st in Korea is 15:10 UTC on the last day of the month before.
    const next = description.info.nextActionTimes.map((time) => time.toISOString());
    expect(next.length).toBeGreaterThanOrEqual(2);
    for (const time of next) {
      expect(time).toMatch(/T15:10:00\.000Z$/);
      const korea = new Date(new Date(time).getTime() + 9 * 60 * 60 * 1000);
      expect(korea.getUTCDate()).toBe(1);
    }
  });

  it('is created once: a later start restores its spec and keeps an operator’s pause', async () => {
    await schedules.changeByOperator({
      spec: { calendars: [{ hour: 3 }], timezone: 'UTC' },
      pauseNote: 'year-end audit',
    });
    expect(await ensureSettlementSchedule(schedules.client)).toBe('updated');
    const description = await schedules.describeUpdatedTo('Asia/Seoul');
    expect(description.state).toMatchObject({ paused: true, note: 'year-end audit' });
    await handle().unpause();
  });

  it('starts the settlement of the month before on the production worker', async () => {
    const db = testApp.current.app.db;
    const creator = await createIncomeCreator(testApp.current.app);
    const current = koreaMonthOf(new Date());
    const last = previousMonth(current.year, current.month);
    await releasedMission(db, {
      creatorId: creator.creatorId,
      coins: 640,
      at: new Date(Date.UTC(last.year, last.month - 1, 10)),
    });

    const result = await schedules.runTriggered(createSettlementActivities({ db, now: () => new Date() }));
    expect(result).toMatchObject({ ...last, issued: 1, settledCoins: 640 });
    expect(await balance(db, settledAccount(creator.creatorId))).toMatchObject({ balance: 640 });
  });
});
