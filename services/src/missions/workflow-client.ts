import { randomUUID } from 'node:crypto';
import {
  isGrpcServiceError,
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { ApplicationFailure, type UpdateDefinition } from '@temporalio/common';
import {
  isMissionActionRefusal,
  MISSION_MEDIA_MISSING,
  type MissionActionRefusal,
  missionWorkflow,
  type MissionWorkflowInput,
} from '@fanmission/workflows/missions';
import type { ServiceContext, TemporalAccess } from '../context';
import { countWorkflowStart } from '../metrics';
import { actionRefused, mediaMissing, workflowUnavailable } from './errors';
import * as repository from './repository';
import type { MissionRow } from './table';
import { pendingMissionWorkflowStart, trackMissionWorkflowStart } from './workflow-starts';

export const missionWorkflowId = (missionId: number) => `mission-${missionId}`;

/** The workflow's input from the mission as stored: deadlines count from the request, win or acceptance. */
export function missionWorkflowInput(mission: MissionRow): MissionWorkflowInput {
  if (mission.status === 'REQUESTED') {
    return { missionId: mission.id, status: 'REQUESTED', decisionDueAt: mission.decision_due_at!.toISOString() };
  }
  return { missionId: mission.id, status: 'ACCEPTED', performDueAt: mission.perform_due_at!.toISOString() };
}

/**
 * Starts the mission's workflow (id `mission-<id>`, so at most one ever runs) and records that it runs. A failure is
 * logged, not thrown: the mission is committed, and the reconciler starts its workflow later.
 */
export async function startMissionWorkflow(
  ctx: Pick<ServiceContext, 'db' | 'log' | 'now'> & { temporal?: TemporalAccess },
  mission: MissionRow,
): Promise<boolean> {
  if (!ctx.temporal) return false;
  try {
    await ctx.temporal.client.workflow.start(missionWorkflow, {
      workflowId: missionWorkflowId(mission.id),
      taskQueue: ctx.temporal.taskQueue,
      args: [missionWorkflowInput(mission)],
    });
    countWorkflowStart(missionWorkflow.name);
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) {
      ctx.log.warn({ err: error, missionId: mission.id }, 'mission workflow not started; the reconciler will retry');
      return false;
    }
  }
  await repository.markWorkflowStarted(ctx.db, mission.id, ctx.now());
  return true;
}

/**
 * Starts a committed mission's workflow after the caller's answer instead of before it: the request costs its
 * commit, not a round trip to Temporal. The committed row without `workflow_started_at` is the outbox entry: a start
 * that fails or never happens (Temporal unreachable, the process stopped) is left to the reconciler, as before, so a
 * committed request still always gets its workflow. An action sent before the workflow runs waits for this start,
 * or starts the workflow itself (`sendMissionUpdate`). Only when too many starts are already under way does the
 * caller wait for its own (back-pressure).
 */
export async function startMissionWorkflowAfterCommit(
  ctx: Pick<ServiceContext, 'db' | 'log' | 'now'> & { temporal?: TemporalAccess },
  mission: MissionRow,
): Promise<void> {
  if (!ctx.temporal) return;
  const start = startMissionWorkflow(ctx, mission).catch((error: unknown) => {
    ctx.log.warn({ err: error, missionId: mission.id }, 'mission workflow not started; the reconciler will retry');
    return false;
  });
  if (trackMissionWorkflowStart(ctx.temporal, mission.id, start)) await start;
}

/**
 * Makes sure an unfinished mission's workflow runs before an action is sent to it: waits for the start under way in
 * this process, and starts the workflow itself when Temporal has none (its start failed or is still to come from
 * another process; one workflow id, so a start racing another is harmless). False when it could not be started.
 */
async function ensureMissionWorkflow(ctx: ServiceContext, missionId: number): Promise<boolean> {
  const current = await repository.findMission(ctx.db, missionId);
  if (!current || current.status === 'COMPLETED' || current.status === 'REJECTED') return false;
  if (current.status !== 'REQUESTED' && current.status !== 'ACCEPTED') return false;
  return startMissionWorkflow(ctx, current);
}

/** How long an action waits for the workflow's answer before the caller is told to try again. */
export const MISSION_UPDATE_DEADLINE_MS = 10_000;

/**
 * Sends an action to the mission's workflow as an Update and waits for its answer, at most
 * MISSION_UPDATE_DEADLINE_MS (then 503: the action may or may not have been taken, and a retry is safe). The workflow's
 * validator refuses an action that is late or repeated; a workflow already finished (or never started) answers from
 * the stored state. With an `updateId` (from the caller's Idempotency-Key), Temporal answers a retry of the same
 * Update with its first outcome instead of deciding it again; without one the Update gets a fresh id.
 *
 * `recordedAnswer` answers an Update whose own answer was lost (the deadline passed, or the Update was refused by a
 * validator that met the Update's own decision, delivered again) from what the mission stores: when the mission
 * records this very Update's id (`decision_update_id`, `perform_update_id`), its action was taken and it answers 200.
 */
export async function sendMissionUpdate<Ret, Args extends [unknown, ...unknown[]]>(
  ctx: ServiceContext,
  mission: MissionRow,
  update: UpdateDefinition<Ret, Args>,
  args: Args,
  finishedRefusal: (mission: MissionRow) => MissionActionRefusal,
  updateId: string = randomUUID(),
  recordedAnswer: (mission: MissionRow, updateId: string) => Ret | undefined = () => undefined,
): Promise<Ret> {
  if (!ctx.temporal) throw workflowUnavailable();
  // A request answered before its workflow started: let that start finish first.
  await pendingMissionWorkflowStart(ctx.temporal, mission.id);
  const { client } = ctx.temporal;
  const handle = client.workflow.getHandle(missionWorkflowId(mission.id));
  const send = () =>
    client.withDeadline(Date.now() + MISSION_UPDATE_DEADLINE_MS, () =>
      handle.executeUpdate(update, { args, updateId }),
    );
  try {
    try {
      return await send();
    } catch (error) {
      // No workflow yet (its start failed, or the reconciler has not run): start it now and send the action once more.
      if (error instanceof WorkflowNotFoundError && (await ensureMissionWorkflow(ctx, mission.id))) return await send();
      throw error;
    }
  } catch (error) {
    const current = await repository.findMission(ctx.db, mission.id);
    const recorded = current && recordedAnswer(current, updateId);
    if (recorded !== undefined) return recorded;
    if (error instanceof WorkflowUpdateFailedError) {
      const cause = error.cause;
      if (cause instanceof ApplicationFailure && isMissionActionRefusal(cause.type)) throw actionRefused(cause.type);
      if (cause instanceof ApplicationFailure && cause.type === MISSION_MEDIA_MISSING) throw mediaMissing();
    }
    // A workflow that has finished (or never started) takes no update: answer from the stored state.
    if (current && (current.status === 'COMPLETED' || current.status === 'REJECTED')) {
      throw actionRefused(finishedRefusal(current));
    }
    if (error instanceof WorkflowNotFoundError) throw workflowUnavailable();
    // Temporal did not answer in time or could not be reached: the action may or may not have been taken, and a
    // retry is safe (the workflow's validator refuses a repeated decision), so the caller is told to try again.
    if (
      error instanceof WorkflowUpdateRPCTimeoutOrCancelledError ||
      error instanceof ServiceError ||
      isGrpcServiceError(error)
    ) {
      ctx.log.warn({ err: error, missionId: mission.id }, 'mission update not answered by Temporal');
      throw workflowUnavailable();
    }
    throw error;
  }
}
