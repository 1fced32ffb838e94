// The demo world (services/src/seed/demo-world.ts) leaves its open missions and its lottery events under way without
// workflows: the worker's reconcilers start every one of them, and they run on the stored deadlines.
import { describe, expect, it } from 'vitest';
import { verify } from '@fanmission/ledger';
import { reconcileEventWorkflows } from '@fanmission/services/events';
import { reconcileMissionWorkflows } from '@fanmission/services/missions';
import { EVENT_CONSUMERS } from '@fanmission/services/runtime';
import { seedDemoWorld } from '@fanmission/services/seed';
import { useDemoTemporalApp } from '@fanmission/tests/support/demo-temporal-app';
import { untilWorkflowsAtRest } from '@fanmission/tests/support/workflow-at-rest';

const { env, taskQueue, app } = await useDemoTemporalApp('demo-world');

describe('the demo world on Temporal', () => {
  it('starts a workflow for each open mission and each event under way; they wait for the stored deadlines', async () => {
    await seedDemoWorld(app().ctx, { consumers: EVENT_CONSUMERS.map((consumer) => consumer.name) });
    const open = await app()
      .db.selectFrom('missions')
      .select(['id'])
      .where('workflow_started_at', 'is', null)
      .where('status', 'in', ['REQUESTED', 'ACCEPTED'])
      .execute();
    const events = await app()
      .db.selectFrom('lottery_events')
      .select(['product_id', 'status'])
      .where('workflow_started_at', 'is', null)
      .execute();
    expect(open.length).toBeGreaterThan(10);
    expect(events.map((event) => event.status).sort()).toEqual(['APPLYING', 'DRAWING', 'DRAWN']);

    const temporal = { client: env.client, taskQueue };
    const ctx = { ...app().ctx, temporal };
    expect(await reconcileMissionWorkflows(ctx, { graceMs: 0 })).toBe(open.length);
    expect(await reconcileEventWorkflows(ctx, { graceMs: 0 })).toBe(events.length);

    const workflowIds = [
      ...open.map((mission) => `mission-${mission.id}`),
      ...events.map((e) => `event-${e.product_id}`),
    ];
    for (const id of workflowIds) {
      expect((await env.client.workflow.getHandle(id).describe()).status.name, id).toBe('RUNNING');
    }
    // Once their first tasks ran and each waits (for its deadline), nothing expired, was refunded or drawn early.
    await untilWorkflowsAtRest(env.client, workflowIds, 60_000);
    const moved = await app()
      .db.selectFrom('missions')
      .select('id')
      .where(
        'id',
        'in',
        open.map((mission) => mission.id),
      )
      .where('status', 'not in', ['REQUESTED', 'ACCEPTED'])
      .execute();
    expect(moved).toEqual([]);
    const statuses = await app().db.selectFrom('lottery_events').select(['product_id', 'status']).execute();
    for (const event of events) {
      expect(statuses.find((row) => row.product_id === event.product_id)?.status).toBe(event.status);
    }
    expect((await verify(app().db)).differences).toEqual([]);
  }, 180_000);
});
