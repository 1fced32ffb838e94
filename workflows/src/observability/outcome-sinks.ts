import { fileURLToPath } from 'node:url';
import type { InjectedSinks } from '@temporalio/worker';
import type { WorkflowOutcome, WorkflowOutcomeSinks } from './outcome-interceptor';

export type { WorkflowOutcome };

/** Told of each workflow execution this worker ended, with its type (`missionWorkflow`) and outcome. */
export type WorkflowOutcomeListener = (workflowType: string, outcome: WorkflowOutcome) => void;

/** The workflow interceptor module reporting outcomes, as a file path for the bundler. */
export const workflowOutcomeInterceptorModule = (): string =>
  fileURLToPath(new URL('./outcome-interceptor.ts', import.meta.url));

/**
 * The worker's end of outcome-interceptor.ts's sink. Not called during replay (the SDK's default), so a workflow
 * replayed on another worker after a restart is not counted again.
 */
export function workflowOutcomeSinks(listener: WorkflowOutcomeListener): InjectedSinks<WorkflowOutcomeSinks> {
  return {
    workflowOutcomes: {
      ended: { fn: (info, outcome) => listener(info.workflowType, outcome) },
    },
  };
}
