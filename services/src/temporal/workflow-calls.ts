import {
  isGrpcServiceError,
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { ServiceContext, TemporalAccess } from '../context';
import { countWorkflowStart } from '../metrics';

/**
 * Starts a workflow under its fixed id (one id per mission or event, so at most one ever runs): one already started
 * under that id counts as started. Any other failure (reading the workflow's input included) is logged, not thrown,
 * and answers false: the row that asked for the workflow is committed, and the reconciler starts it later.
 */
export async function startWorkflowOnce<Input>(
  ctx: Pick<ServiceContext, 'log'> & { temporal: TemporalAccess },
  workflow: (input: Input) => Promise<unknown>,
  start: { workflowId: string; input(): Promise<Input> | Input },
  failure: { log: object; subject: string },
): Promise<boolean> {
  try {
    const args: [Input] = [await start.input()];
    await ctx.temporal.client.workflow.start(workflow, {
      workflowId: start.workflowId,
      taskQueue: ctx.temporal.taskQueue,
      args,
      // The server hands the first workflow task back in its answer when this process's worker has a free slot
      // (else it is queued as usual).
      ...(ctx.temporal.eagerStart && { requestEagerStart: true }),
    });
    countWorkflowStart(workflow.name);
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return true;
    ctx.log.warn({ err: error, ...failure.log }, `${failure.subject} workflow not started; the reconciler will retry`);
    return false;
  }
}

/** The type of the ApplicationFailure a workflow's Update validator or handler refused with, if that is the error. */
export function updateRefusalType(error: unknown): string | undefined {
  if (!(error instanceof WorkflowUpdateFailedError)) return undefined;
  const cause = error.cause;
  return cause instanceof ApplicationFailure ? (cause.type ?? undefined) : undefined;
}

/**
 * Temporal did not answer in time or could not be reached: an Update may or may not have been taken, and a retry is
 * safe (the workflow's validator refuses a repeated action), so the caller is told to try again.
 */
export function isTemporalUnanswered(error: unknown): boolean {
  return (
    error instanceof WorkflowUpdateRPCTimeoutOrCancelledError ||
    error instanceof ServiceError ||
    isGrpcServiceError(error)
  );
}
