// The time-skipping test server does not implement Schedules, so the Schedule is checked against the Temporal CLI dev
// server, the server of `npm start` (as the coin expiry Schedule is).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { koreaMonthOf, previousMonth } from '@fanmission/contracts';
import { settledAccount, balance } from '@fanmission/ledger';
import { createSettlementActivities } from '@fanmission/services/income';
import { startTemporalDevServer, type TemporalDevServer } from '@fanmission/services/runtime';
import { Client, Connection, ScheduleOverlapPolicy } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTemporalCli } from '../../../scripts/infra/temporal-cli';
import { useTestApp } from '../../../tests/harness/app';
import { createIncomeCreator, releasedMission } from '../../../tests/support/income';
import { createFanmissionWorker } from '../worker';
import { SETTLEMENT_SCHEDULE_ID, ensureSettlementSchedule } from './schedule';

const testApp = useTestApp();
let server: TemporalDevServer;
let dataDir: string;
let connection: Connection;
let client: Client;

beforeAll(async () => {
  if (!Runtime._instance) Runtime.install({ logger: new DefaultLogger('WARN') });
  const binary = await ensureTemporalCli();
  dataDir = await mkdtemp(join(tmpdir(), 'fanmission-settlement-schedule-'));
  server = await startTemporalDevServer({ binary, dataDir });
  connection = await Connection.connect({ address: server.address });
  client = new Client({ connection });
}, 600_000);

afterAll(async () => {
  await connection?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const handle = () => client.schedule.getHandle(SETTLEMENT_SCHEDULE_ID);

describe('the monthly settlement Schedule', () => {
  it('runs settleMonth on the 1st at 00:10 Korea time, skipping a run while one is still going', async () => {
    expect(await ensureSettlementSchedule(client)).toBe('created');
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
    await handle().update((previous) => ({ ...previous, spec: { calendars: [{ hour: 3 }], timezone: 'UTC' } }));
    await handle().pause('year-end audit');
    expect(await ensureSettlementSchedule(client)).toBe('updated');
    const description = await handle().describe();
    expect(description.spec.timezone).toBe('Asia/Seoul');
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

    const nativeConnection = await NativeConnection.connect({ address: server.address });
    try {
      const worker = await createFanmissionWorker({
        connection: nativeConnection,
        activities: createSettlementActivities({ db, now: () => new Date() }),
      });
      const result = await worker.runUntil(async () => {
        await handle().trigger();
        const workflowId = await firstActionWorkflowId();
        return await client.workflow.getHandle(workflowId).result();
      });
      expect(result).toMatchObject({ ...last, issued: 1, settledCoins: 640 });
      expect(await balance(db, settledAccount(creator.creatorId))).toMatchObject({ balance: 640 });
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
