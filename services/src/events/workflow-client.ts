import {
  isGrpcServiceError,
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { ApplicationFailure, type UpdateDefinition } from '@temporalio/common';
import { eventSchedule } from '@fanmission/contracts';
import { isEventActionRefusal, type EventActionRefusal } from '@fanmission/workflows/events';
import { lotteryEventWorkflow, type EventWorkflowInput } from '@fanmission/workflows/events';
import type { ServiceContext, TemporalAccess } from '../context';
import { countWorkflowStart } from '../metrics';
import type { DbExecutor } from '../db';
import { eventActionRefused, eventWorkflowUnavailable } from './errors';
import type { LotteryEventRow } from './table';

export const eventWorkflowId = (productId: number) => `event-${productId}`;

/** The workflow's input from the event as stored (the reconciler may start it in any open state). */
export async function eventWorkflowInput(db: DbExecutor, event: LotteryEventRow): Promise<EventWorkflowInput> {
  const schedule = eventSchedule({
    applyStart: event.apply_start,
    applyEnd: event.apply_end,
    eventEnd: event.event_end,
  });
  const input: EventWorkflowInput = {
    productId: event.product_id,
    status: event.status === 'CANCELED' ? 'CLOSED' : event.status,
    applyStartAt: schedule.applyStartAt.toISOString(),
    applyEndAt: schedule.applyEndAt.toISOString(),
    drawDeadlineAt: schedule.drawDeadlineAt.toISOString(),
    eventEndAt: schedule.eventEndAt.toISOString(),
  };
  if (event.status === 'DRAWN' || event.status === 'CLOSED') {
    const winners = await db
      .selectFrom('event_applications as a')
      .innerJoin('missions as m', 'm.id', 'a.mission_id')
      .select(['a.mission_id', 'm.status'])
      .where('a.product_id', '=', event.product_id)
      .where('a.picked', '=', true)
      .execute();
    input.winners = winners.map((row) => row.mission_id);
    input.settled = winners
      .filter((row) => row.status === 'COMPLETED' || row.status === 'REJECTED')
      .map((row) => row.mission_id);
    input.delivered = winners.filter((row) => row.status === 'COMPLETED').map((row) => row.mission_id);
    input.prizeDueAt = event.prize_due_at!.toISOString();
  }
  return input;
}

/**
 * Starts the event's workflow (id `event-<productId>`, so at most one ever runs) and records that it runs. A failure
 * is logged, not thrown: the event is committed, and the reconciler starts its workflow later.
 */
export async function startEventWorkflow(
  ctx: Pick<ServiceContext, 'db' | 'log' | 'now'> & { temporal?: TemporalAccess | undefined },
  event: LotteryEventRow,
): Promise<boolean> {
  if (!ctx.temporal) return false;
  try {
    await ctx.temporal.client.workflow.start(lotteryEventWorkflow, {
      workflowId: eventWorkflowId(event.product_id),
      taskQueue: ctx.temporal.taskQueue,
      args: [await eventWorkflowInput(ctx.db, event)],
    });
    countWorkflowStart(lotteryEventWorkflow.name);
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) {
      ctx.log.warn(
        { err: error, productId: event.product_id },
        'event workflow not started; the reconciler will retry',
      );
      return false;
    }
  }
  await ctx.db
    .updateTable('lottery_events')
    .set({ workflow_started_at: ctx.now() })
    .where('product_id', '=', event.product_id)
    .where('workflow_started_at', 'is', null)
    .execute();
  return true;
}

/**
 * Sends an action to the event's workflow as an Update and waits for its answer. `finished` answers for a workflow
 * that has ended (or never started) from the stored state.
 */
export async function sendEventUpdate<Ret, Args extends unknown[]>(
  ctx: ServiceContext,
  productId: number,
  update: UpdateDefinition<Ret, Args>,
  args: Args,
  finished: () => Promise<EventActionRefusal | null>,
): Promise<Ret> {
  if (!ctx.temporal) throw eventWorkflowUnavailable();
  const handle = ctx.temporal.client.workflow.getHandle(eventWorkflowId(productId));
  try {
    // One call for Updates with and without arguments (the SDK types them as two overloads).
    return await handle.executeUpdate(update as unknown as UpdateDefinition<Ret, [unknown]>, {
      args: args as unknown as [unknown],
    });
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError) {
      const cause = error.cause;
      if (cause instanceof ApplicationFailure && isEventActionRefusal(cause.type)) throw eventActionRefused(cause.type);
    }
    const refusal = await finished();
    if (refusal) throw eventActionRefused(refusal);
    if (error instanceof WorkflowNotFoundError) throw eventWorkflowUnavailable();
    if (
      error instanceof WorkflowUpdateRPCTimeoutOrCancelledError ||
      error instanceof ServiceError ||
      isGrpcServiceError(error)
    ) {
      ctx.log.warn({ err: error, productId }, 'event update not answered by Temporal');
      throw eventWorkflowUnavailable();
    }
    throw error;
  }
}
