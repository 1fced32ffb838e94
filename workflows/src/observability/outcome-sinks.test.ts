import { randomUUID } from 'node:crypto';
import { Worker } from '@temporalio/worker';
import { WorkflowFailedError } from '@temporalio/client';
import { expect, it } from 'vitest';
import { useTemporalTestEnvironment } from '@fanmission/tests/harness/temporal';
import { SAMPLE_WORKFLOWS_PATH } from '@fanmission/tests/support/sample-workflows-path';
import { continueAsNewTimes, failAtOnce, greet } from '@fanmission/tests/support/sample-workflows';
import { workflowInterceptorModules, workflowSinks } from '../worker';

const env = await useTemporalTestEnvironment();

it('reports each execution’s end once, by workflow type and outcome, through the worker’s sink', async () => {
  const ended: string[] = [];
  const taskQueue = `outcomes-${randomUUID()}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    taskQueue,
    workflowsPath: SAMPLE_WORKFLOWS_PATH,
    interceptors: { workflowModules: workflowInterceptorModules() },
    sinks: workflowSinks({ onWorkflowOutcome: (type, outcome) => ended.push(`${type} ${outcome}`) }),
  });
  await worker.runUntil(async () => {
    const options = () => ({ taskQueue, workflowId: `outcome-${randomUUID()}` });
    await env.client.workflow.execute(greet, { ...options(), args: ['metrics'] });
    await expect(env.client.workflow.execute(failAtOnce, options())).rejects.toBeInstanceOf(WorkflowFailedError);
    expect(await env.client.workflow.execute(continueAsNewTimes, { ...options(), args: [2] })).toBe(0);
  });
  expect(ended).toEqual([
    'greet completed',
    'failAtOnce failed',
    'continueAsNewTimes continued_as_new',
    'continueAsNewTimes continued_as_new',
    'continueAsNewTimes completed',
  ]);
});
