import { runPeriodically, type PeriodicTask } from '../background';
import { countRepairs } from '../metrics';
import type { ServiceContext, TemporalAccess } from '../context';
import * as repository from './repository';
import { startMissionWorkflow } from './workflow-client';

type ReconcilerContext = Pick<ServiceContext, 'db' | 'log' | 'now'> & { temporal: TemporalAccess };

/**
 * Starts the workflow of every mission committed without one (the API crashed, or Temporal was unreachable, between
 * the commit and the start). Missions younger than `graceMs` are left to the API that is starting them; a start
 * racing the API's is harmless (one workflow id). Returns how many workflows it started.
 */
export async function reconcileMissionWorkflows(
  ctx: ReconcilerContext,
  options: { graceMs?: number; batchSize?: number; concurrency?: number } = {},
): Promise<number> {
  const graceMs = options.graceMs ?? 30_000;
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.concurrency ?? 8;
  let started = 0;
  for (;;) {
    const missions = await repository.findMissionsWithoutWorkflow(
      ctx.db,
      new Date(ctx.now().getTime() - graceMs),
      batchSize,
    );
    let progressed = 0;
    // A few starts at a time: each waits on a round trip to Temporal and a write, so one after the other a world of
    // thousands of open missions took minutes (25 a second) to get its workflows.
    for (let from = 0; from < missions.length; from += concurrency) {
      const outcomes = await Promise.all(
        missions.slice(from, from + concurrency).map((mission) => startMissionWorkflow(ctx, mission)),
      );
      progressed += outcomes.filter(Boolean).length;
    }
    started += progressed;
    countRepairs('missions', 'workflow_started', progressed);
    // A batch that started nothing (Temporal down) is retried on the next run, not in a loop.
    if (missions.length < batchSize || progressed === 0) return started;
  }
}

/** Runs the reconciler now and then every `intervalMs` until stopped. */
export function startMissionReconciler(
  ctx: ReconcilerContext,
  options: { intervalMs?: number; graceMs?: number } = {},
): PeriodicTask {
  return runPeriodically(() => reconcileMissionWorkflows(ctx, options), {
    intervalMs: options.intervalMs ?? 30_000,
    log: ctx.log,
    countMessage: 'reconciler started missing mission workflows',
    failureMessage: 'mission workflow reconciler failed',
  });
}
