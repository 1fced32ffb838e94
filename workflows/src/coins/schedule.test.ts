// The time-skipping test server does not implement Schedules ("Failed to create schedule"), so the Schedule is
// checked against the Temporal CLI dev server, the server of `npm start`.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { balance, purchase, walletAccount } from '@fanmission/ledger';
import { startTemporalDevServer, type TemporalDevServer } from '@fanmission/services/runtime';
import { Client, Connection, ScheduleOverlapPolicy } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTemporalCli } from '../../../scripts/infra/temporal-cli';
import { useTestDatabase } from '../../../tests/harness/database';
import { createFanmissionWorker } from '../worker';
import { createActivities } from './activities';
import { COIN_EXPIRY_SCHEDULE_ID, ensureCoinExpirySchedule } from './schedule';

const database = useTestDatabase();
let server: TemporalDevServer;
let dataDir: string;
let connection: Connection;
let client: Client;

beforeAll(async () => {
  if (!Runtime._instance) Runtime.install({ logger: new DefaultLogger('WARN') });
  const binary = await ensureTemporalCli();
  dataDir = await mkdtemp(join(tmpdir(), 'fanmission-schedule-'));
  server = await startTemporalDevServer({ binary, dataDir });
  connection = await Connection.connect({ address: server.address });
  client = new Client({ connection });
}, 600_000);

afterAll(async () => {
  await connection?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const handle = () => client.schedule.getHandle(COIN_EXPIRY_SCHEDULE_ID);

describe('the daily coin expiry Schedule', () => {
  it('runs expireCoinLots every day at 00:05 Korea time, skipping a run while one is still going', async () => {
    expect(await ensureCoinExpirySchedule(client)).toBe('created');

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
    await handle().update((previous) => ({
      ...previous,
      spec: { calendars: [{ hour: 3, minute: 30 }], timezone: 'UTC' },
    }));
    await handle().pause('maintenance');

    expect(await ensureCoinExpirySchedule(client)).toBe('updated');
    expect(await ensureCoinExpirySchedule(client)).toBe('updated');

    const description = await handle().describe();
    expect(description.spec.timezone).toBe('Asia/Seoul');
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

    const nativeConnection = await NativeConnection.connect({ address: server.address });
    try {
      const worker = await createFanmissionWorker({
        connection: nativeConnection,
        activities: createActivities({ db, now: () => new Date() }),
      });
      const result = await worker.runUntil(async () => {
        await handle().trigger();
        const workflowId = await firstActionWorkflowId();
        return await client.workflow.getHandle(workflowId).result();
      });
      expect(result).toMatchObject({ coins: 70 });
      expect(await balance(db, walletAccount(user.id))).toMatchObject({ balance: 0 });
    } finally {
      await nativeConnection.close();
    }
  }, 120_000);
});

async function firstActionWorkflowId(): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const [action] = (await handle().describe()).info.recentActions;
    if (action) return action.action.workflow.workflowId;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the Schedule did not start its workflow');
}
