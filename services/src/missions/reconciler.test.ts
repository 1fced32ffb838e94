import type { Client } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { processCounterValue } from '@fanmission/tests/support/metrics';
import { createProduct, createVerifiedCreator, insertMission } from '@fanmission/tests/support/missions';
import { reconcileMissionWorkflows } from './reconciler';

// The reconciler's repairs and the workflow starts it makes, counted; a Temporal client of the test's own records
// the starts (the workflows themselves run in tests/integration/mission-workflow.test.ts).
const testApp = useTestApp();
const app = () => testApp.current.app;

const repairs = () =>
  processCounterValue('fanmission_reconciler_repairs_total', { reconciler: 'missions', repair: 'workflow_started' });
const starts = () => processCounterValue('fanmission_workflow_starts_total', { workflow_type: 'missionWorkflow' });

async function missionWithoutWorkflow(): Promise<number> {
  const creator = await createVerifiedCreator(app());
  const productId = await createProduct(app().db, creator.creatorId, 'BASIC', { coinPrice: 5 });
  const fan = await createAccount(app());
  const product = {
    id: productId,
    type: 'BASIC' as const,
    coinPrice: 5,
    minimumCost: null,
    creator: { id: creator.creatorId },
  };
  const mission = await insertMission(app(), product, {
    user_id: fan.id,
    status: 'ACCEPTED',
    perform_due_at: new Date(Date.now() + 86_400_000),
  });
  return mission.id;
}

const reconcile = (start: () => Promise<unknown>, options: { concurrency?: number } = {}) =>
  reconcileMissionWorkflows(
    {
      db: app().db,
      log: app().ctx.log,
      now: () => new Date(Date.now() + 60_000),
      temporal: { client: { workflow: { start } } as unknown as Client, taskQueue: 'reconciler-test' },
    },
    { graceMs: 0, ...options },
  );

describe('fanmission_reconciler_repairs_total (missions)', () => {
  it('counts nothing while Temporal refuses the starts', async () => {
    await missionWithoutWorkflow();
    const [repairsBefore, startsBefore] = [await repairs(), await starts()];
    expect(await reconcile(() => Promise.reject(new Error('Temporal unreachable')))).toBe(0);
    expect(await repairs()).toBe(repairsBefore);
    expect(await starts()).toBe(startsBefore);
  });

  it('counts each workflow it started, as a repair and as a start of missionWorkflow', async () => {
    await missionWithoutWorkflow();
    const [repairsBefore, startsBefore] = [await repairs(), await starts()];
    const started = await reconcile(() => Promise.resolve());
    expect(started).toBeGreaterThanOrEqual(1);
    expect(await repairs()).toBe(repairsBefore + started);
    expect(await starts()).toBe(startsBefore + started);
  });
});

describe('reconcileMissionWorkflows', () => {
  it('starts a few workflows at a time, never more than its concurrency, and each mission once', async () => {
    for (let index = 0; index < 11; index++) await missionWithoutWorkflow();
    let running = 0;
    let most = 0;
    const startedIds: string[] = [];
    // No start ends before four are under way at once (a latch opened by the fourth): a reconciler that started
    // more at a time would have started them by then, one that started fewer would never open it.
    let fourUnderWay!: () => void;
    const latch = new Promise<void>((resolve) => (fourUnderWay = resolve));
    const started = await reconcile(
      async (...args: unknown[]) => {
        running += 1;
        most = Math.max(most, running);
        if (running === 4) fourUnderWay();
        await latch;
        startedIds.push((args[1] as { workflowId: string }).workflowId);
        running -= 1;
      },
      { concurrency: 4 },
    );
    expect(started).toBe(11);
    expect(most).toBe(4);
    expect(new Set(startedIds).size).toBe(11);
    expect(await reconcile(() => Promise.resolve())).toBe(0);
  });
});
