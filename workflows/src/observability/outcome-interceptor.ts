// A workflow interceptor module: it runs in the workflow sandbox, bundled with the workflows (worker.ts lists it in
// `workflowInterceptorModules`), and cannot reach the worker's metrics itself. It reports how each execution ended
// through the `workflowOutcomes` sink, which the worker runs in its Node context (outcome-sinks.ts); sink calls made
// while a workflow replays its history are skipped, so an execution is reported once, by the worker that ends it.
import {
  ContinueAsNew,
  isCancellation,
  proxySinks,
  TemporalFailure,
  type Sinks,
  type WorkflowInterceptorsFactory,
} from '@temporalio/workflow';

export type WorkflowOutcome = 'completed' | 'failed' | 'cancelled' | 'continued_as_new';

export interface WorkflowOutcomeSinks extends Sinks {
  workflowOutcomes: { ended(outcome: WorkflowOutcome): void };
}

const { workflowOutcomes } = proxySinks<WorkflowOutcomeSinks>();

/**
 * How an error thrown by a workflow ends its execution, as the SDK decides it (internals' `handleWorkflowFailure`):
 * undefined for an error that fails only the workflow task, which the SDK retries (the execution goes on).
 */
function outcomeOf(error: unknown): WorkflowOutcome | undefined {
  if (error instanceof ContinueAsNew) return 'continued_as_new';
  if (isCancellation(error)) return 'cancelled';
  if (error instanceof TemporalFailure) return 'failed';
  return undefined;
}

export const interceptors: WorkflowInterceptorsFactory = () => ({
  inbound: [
    {
      async execute(input, next) {
        try {
          const result = await next(input);
          workflowOutcomes.ended('completed');
          return result;
        } catch (error) {
          const outcome = outcomeOf(error);
          if (outcome) workflowOutcomes.ended(outcome);
          throw error;
        }
      },
    },
  ],
});
