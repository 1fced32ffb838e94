import {
  isGrpcServiceError,
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { ApplicationFailure, type UpdateDefinition } from '@temporalio/common';
import { isMissionActionRefusal, type MissionActionRefusal } from '@fanmission/workflows/missions/refusals';
import { missionWorkflow, type MissionWorkflowInput } from '@fanmission/workflows/missions/workflows';
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

export const workflowUnavailable = () =>
  new AppError(503, 'missions.workflowUnavailable', { code: 'SERVICE_UNAVAILABLE' });

/**
 * Sends an action to the mission's workflow as an Update and waits for its answer. The workflow's validator refuses
 * an action that is late or repeated; a workflow already finished (or never started) answers from the stored state.
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
  const handle = ctx.temporal.client.workflow.getHandle(missionWorkflowId(mission.id));
  try {
    return await handle.executeUpdate(update, { args, ...(updateId && { updateId }) });
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError) {
      const cause = error.cause;
      if (cause instanceof ApplicationFailure && isMissionActionRefusal(cause.type)) throw actionRefused(cause.type);
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
