// The time-skipping test server does not implement Schedules ("Failed to create schedule"), so the Schedule is
// checked against the Temporal CLI dev server, the server of `npm start`.
import { randomUUID } from 'node:crypto';
import { balance, purchase, walletAccount } from '@fanmission/ledger';
import { ScheduleOverlapPolicy } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { SCHEDULE_TEST_TIMEOUT_MS, useScheduleServer } from '@fanmission/tests/support/schedule-server';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { createCoinExpiryActivities } from '@fanmission/services/coins';
import { COIN_EXPIRY_SCHEDULE_ID, ensureCoinExpirySchedule } from '@fanmission/workflows/coins';

const database = useTestDatabase();
const schedules = useScheduleServer(COIN_EXPIRY_SCHEDULE_ID, 'fanmission-schedule-');
const { handle } = schedules;

describe('the daily coin expiry Schedule', { timeout: SCHEDULE_TEST_TIMEOUT_MS }, () => {
  it('runs expireCoinLots every day at 00:05 Korea time, skipping a run while one is still going', async () => {
    expect(await ensureCoinExpirySchedule(schedules.client)).toBe('created');

    const description = await handle().describe();
    expect(description.spec.timezone).toBe('Asia/Seoul');
    expect(description.spec.calendars).toEqual([
      expect.objectContaining({
        hour: [{ start: 0, end: 0, step: 1 }],
        minute: [{ start: 5, end: 5, step: 1 }],
        second: [{ start: 0, end: 0, step: 1 }],
        comment: 'daily at 00:05 Korea time',
      }),
    ]);
    expect(description.policies.overlap).toBe(ScheduleOverlapPolicy.SKIP);
    expect(description.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'expireCoinLots',
      taskQueue: 'fanmission',
    });
    // 00:05 in Korea is 15:05 UTC of the day before, every day.
    const next = description.info.nextActionTimes.map((time) => time.toISOString());
    expect(next.length).toBeGreaterThanOrEqual(2);
    for (const time of next) expect(time).toMatch(/T15:05:00\.000Z$/);
    expect(new Date(next[1]!).getTime() - new Date(next[0]!).getTime()).toBe(24 * 60 * 60 * 1000);
  });

  it('is created once: a later start restores its spec and keeps an operator’s pause', async () => {
    await schedules.changeByOperator({
      spec: { calendars: [{ hour: 3, minute: 30 }], timezone: 'UTC' },
      pauseNote: 'maintenance',
    });

    expect(await ensureCoinExpirySchedule(schedules.client)).toBe('updated');
    expect(await ensureCoinExpirySchedule(schedules.client)).toBe('updated');

    const description = await schedules.describeUpdatedTo('Asia/Seoul');
    expect(description.spec.calendars?.[0]).toMatchObject({ hour: [{ start: 0, end: 0, step: 1 }] });
    expect(description.state).toMatchObject({ paused: true, note: 'maintenance' });
    await handle().unpause();
  });

  it('starts the expiry on the production worker, which expires lots past their 5 years', async () => {
    const db = database.current.db;
    const user = await db
      .insertInto('users')
      .values({ username: `fan-${randomUUID()}`, provider: 'local', roles: ['ROLE_USER'], password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await purchase(db, {
      userId: user.id,
      coins: 70,
      paymentId: `payment-${randomUUID()}`,
      idempotencyKey: `purchase-${randomUUID()}`,
      now: new Date(Date.now() - 6 * 365 * 24 * 60 * 60 * 1000),
    });

    const result = await schedules.runTriggered(createCoinExpiryActivities({ db, now: () => new Date() }));
    expect(result).toMatchObject({ coins: 70 });
    expect(await balance(db, walletAccount(user.id))).toMatchObject({ balance: 0 });
  });
});
