// The monthly settlement workflow on the time-skipping test server, across a month end: the month in progress is
// refused; after skipping to the 1st at 00:10 (when the Schedule fires) the run with the Schedule's empty input
// settles the month that just ended, once; ledger `settled` equals the statements and `verify` is clean; a second
// run issues nothing. (The Schedule itself is checked on the dev server in schedule.test.ts: the test server has no
// Schedules.)
import { randomUUID } from 'node:crypto';
import { koreaMonthOf, koreaMonthRange, nextMonth } from '@fanmission/contracts';
import { balance, earningsAccount, settledAccount, verify } from '@fanmission/ledger';
import { createSettlementActivities } from '@fanmission/services/income';
import { Client, WorkflowFailedError } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useTestApp } from '../../../tests/harness/app';
import { useTemporalTestEnvironment } from '../../../tests/harness/temporal';
import { createIncomeCreator, releasedMission } from '../../../tests/support/income';
import type { SettleMonthResult } from './activities';
import { settleMonth } from './workflows';

const env = await useTemporalTestEnvironment();
const taskQueue = `settlement-${randomUUID()}`;
// The activities' clock follows the test server's, which runs ahead of the wall clock by every skipped day.
let skew = 0;
const syncClock = async () => {
  skew = (await env.currentTimeMs()) - Date.now();
};
const now = () => new Date(Date.now() + skew);
const testApp = useTestApp({ now });
const db = () => testApp.current.app.db;

let worker: Worker;
let running: Promise<void>;

beforeAll(async () => {
  await syncClock();
  worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    taskQueue,
    workflowBundle: inject('temporalWorkflowBundle'),
    activities: createSettlementActivities({ db: db(), now }),
  });
  running = worker.run();
});

afterAll(async () => {
  worker.shutdown();
  await running;
  expect((await verify(db())).differences).toEqual([]);
});

// A plain client: awaiting a result through the time-skipping client unlocks time skipping, and a failed run left it
// so, letting the server jump to its next timer (years ahead). Time moves here only by `env.sleep`.
const client = new Client({ connection: env.connection, namespace: env.namespace ?? 'default' });
const runSettlement = (input: { year?: number; month?: number }) =>
  client.workflow.execute(settleMonth, { taskQueue, workflowId: `settlement-${randomUUID()}`, args: [input] });

describe('settleMonth across a month end', () => {
  it('refuses the month in progress, settles it once after its end, and a second run issues nothing', async () => {
    const app = testApp.current.app;
    const month = koreaMonthOf(now());
    const creators = [await createIncomeCreator(app), await createIncomeCreator(app), await createIncomeCreator(app)];
    const earned = [800, 1_234, 120];
    for (const [index, creator] of creators.entries()) {
      await releasedMission(db(), { creatorId: creator.creatorId, coins: earned[index]!, at: now() });
    }

    const refused = await runSettlement(month).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WorkflowFailedError);
    expect((refused as WorkflowFailedError).cause?.cause).toMatchObject({ type: 'MonthNotEnded' });
    expect(await db().selectFrom('settlement_statements').selectAll().execute()).toEqual([]);

    // To the 1st of next month, 00:10 in Korea: when the Schedule fires.
    const following = nextMonth(month.year, month.month);
    const fireAt = koreaMonthRange(following.year, following.month).start.getTime() + 10 * 60 * 1000;
    await env.sleep(fireAt - now().getTime());
    await syncClock();
    expect(koreaMonthOf(now())).toEqual(following);

    const result: SettleMonthResult = await runSettlement({});
    expect(result).toMatchObject({ ...month, issued: 2, carriedOver: 1, unchanged: 0, settledCoins: 2_034 });

    const statements = await db().selectFrom('settlement_statements').selectAll().orderBy('creator_id').execute();
    expect(statements.map((row) => [row.creator_id, row.status, row.total_earning_coin])).toEqual([
      [creators[0]!.creatorId, 'ISSUED', 800],
      [creators[1]!.creatorId, 'ISSUED', 1_234],
      [creators[2]!.creatorId, 'CARRIED_OVER', 120],
    ]);
    for (const [index, creator] of creators.entries()) {
      const paid = statements
        .filter((row) => row.creator_id === creator.creatorId && row.status !== 'CARRIED_OVER')
        .reduce((sum, row) => sum + row.total_earning_coin, 0);
      expect(await balance(db(), settledAccount(creator.creatorId))).toMatchObject({ balance: paid });
      expect(await balance(db(), earningsAccount(creator.creatorId))).toMatchObject({ balance: earned[index]! - paid });
    }
    expect((await verify(db())).differences).toEqual([]);

    const second = await runSettlement({});
    expect(second).toMatchObject({ issued: 0, carriedOver: 0, settledCoins: 0, statementIds: [] });
    expect(await db().selectFrom('settlement_statements').selectAll().execute()).toHaveLength(3);

    // The new month in progress is refused in its turn.
    await expect(runSettlement(following)).rejects.toBeInstanceOf(WorkflowFailedError);
  });
});
