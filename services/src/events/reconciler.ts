import { runPeriodically, type PeriodicTask } from '../background';
import { countRepairs } from '../metrics';
import type { ServiceContext, TemporalAccess } from '../context';
import { startEventWorkflow } from './workflow-client';

type ReconcilerContext = Pick<ServiceContext, 'db' | 'log' | 'now'> & { temporal: TemporalAccess };

/**
 * Starts the workflow of every open lottery event committed without one (the API crashed, or Temporal was
 * unreachable, between the commit and the start). Events younger than `graceMs` are left to the API starting them.
 */
export async function reconcileEventWorkflows(
  ctx: ReconcilerContext,
  options: { graceMs?: number } = {},
): Promise<number> {
  const graceMs = options.graceMs ?? 30_000;
  const events = await ctx.db
    .selectFrom('lottery_events')
    .selectAll()
    .where('workflow_started_at', 'is', null)
    .where('status', 'not in', ['CLOSED', 'CANCELED'])
    .where('created_at', '<', new Date(ctx.now().getTime() - graceMs))
    .orderBy('created_at')
    .limit(100)
    .execute();
  let started = 0;
  for (const event of events) if (await startEventWorkflow(ctx, event)) started += 1;
  countRepairs('lottery-events', 'workflow_started', started);
  return started;
}

/** Runs the reconciler now and then every `intervalMs` until stopped. */
export function startEventReconciler(
  ctx: ReconcilerContext,
  options: { intervalMs?: number; graceMs?: number } = {},
): PeriodicTask {
  return runPeriodically(() => reconcileEventWorkflows(ctx, options), {
    intervalMs: options.intervalMs ?? 30_000,
    log: ctx.log,
    countMessage: 'reconciler started missing lottery event workflows',
    failureMessage: 'lottery event workflow reconciler failed',
  });
}
