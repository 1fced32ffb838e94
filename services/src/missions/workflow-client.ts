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
import { AppError } from '../http';
import type { MessageKey } from '../i18n';
import * as repository from './repository';
import type { MissionRow } from './table';

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
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) {
      ctx.log.warn({ err: error, missionId: mission.id }, 'mission workflow not started; the reconciler will retry');
      return false;
    }
  }
  await repository.markWorkflowStarted(ctx.db, mission.id, ctx.now());
  return true;
}

const REFUSAL_MESSAGES: Record<MissionActionRefusal, MessageKey> = {
  NOT_REQUESTED: 'missions.notRequested',
  ALREADY_DECIDED: 'missions.alreadyDecided',
  DECISION_DEADLINE_PASSED: 'missions.decisionDeadlinePassed',
  NOT_ACCEPTED: 'missions.notAccepted',
  ALREADY_PERFORMED: 'missions.alreadyPerformed',
  PERFORM_DEADLINE_PASSED: 'missions.performDeadlinePassed',
};

export const actionRefused = (refusal: MissionActionRefusal) =>
  new AppError(409, REFUSAL_MESSAGES[refusal], { code: refusal });

/** The performed file was deleted before the workflow could record it: the mission stays ACCEPTED (review H3). */
export const mediaMissing = () => new AppError(409, 'missions.mediaMissing', { code: 'MEDIA_MISSING' });

export const workflowUnavailable = () =>
  new AppError(503, 'missions.workflowUnavailable', { code: 'SERVICE_UNAVAILABLE' });

/** How long an action waits for the workflow's answer before the caller is told to try again (security review M7). */
export const MISSION_UPDATE_DEADLINE_MS = 10_000;

/**
 * Sends an action to the mission's workflow as an Update and waits for its answer, at most
 * MISSION_UPDATE_DEADLINE_MS (then 503: the action may or may not have been taken, and a retry is safe). The workflow's
 * validator refuses an action that is late or repeated; a workflow already finished (or never started) answers from
 * the stored state. With an `updateId` (from the caller's Idempotency-Key), Temporal answers a retry of the same
 * Update with its first outcome instead of deciding it again.
 */
export async function sendMissionUpdate<Ret, Args extends [unknown, ...unknown[]]>(
  ctx: ServiceContext,
  mission: MissionRow,
  update: UpdateDefinition<Ret, Args>,
  args: Args,
  finishedRefusal: (mission: MissionRow) => MissionActionRefusal,
  updateId?: string,
): Promise<Ret> {
  if (!ctx.temporal) throw workflowUnavailable();
  const { client } = ctx.temporal;
  const handle = client.workflow.getHandle(missionWorkflowId(mission.id));
  try {
    return await client.withDeadline(Date.now() + MISSION_UPDATE_DEADLINE_MS, () =>
      handle.executeUpdate(update, { args, ...(updateId && { updateId }) }),
    );
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError) {
      const cause = error.cause;
      if (cause instanceof ApplicationFailure && isMissionActionRefusal(cause.type)) throw actionRefused(cause.type);
      if (cause instanceof ApplicationFailure && cause.type === MISSION_MEDIA_MISSING) throw mediaMissing();
      // The Update was admitted (its validator passed) and its handler moved the workflow to its end, but the
      // server saw the workflow complete before the Update's answer: the action was taken. Every mission action
      // answers the mission's id.
      if (cause instanceof ApplicationFailure && cause.type === 'AcceptedUpdateCompletedWorkflow') {
        return { id: mission.id } as Ret;
      }
    }
    // A workflow that has finished (or never started) takes no update: answer from the stored state.
    const current = await repository.findMission(ctx.db, mission.id);
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
