// Workflow tests run on a time-skipping test server of their own file: `useTemporalTestEnvironment()` starts one
// (a JVM from the cached Maven jar, about two seconds) and stops it after the file. Time skipping is global to a
// server, and the server holds its clock while any workflow or activity task is outstanding: with one server per run,
// a workflow one file left behind (its worker gone) could hold the clock of every later file, turning one failure
// into a run of timeouts. A server per file keeps each file's clock its own. The workflow bundle is still built once
// per run (temporal-global-setup.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { WorkerOptions } from '@temporalio/worker';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { startTemporalTestServer } from './temporal-global-setup';

let started: Promise<TestWorkflowEnvironment> | undefined;

/**
 * This file's time-skipping environment: `env.client` skips time while awaiting a workflow result, `env.sleep()`
 * skips a given amount, `env.nativeConnection` is for workers. Call it at the top level of a test file (or of a
 * `describe`): it registers an `afterAll` that stops the file's server.
 */
export async function useTemporalTestEnvironment(): Promise<TestWorkflowEnvironment> {
  if (!started) {
    quietWorkerLogs();
    const starting = startTemporalTestServer();
    started = starting;
    afterAll(async () => {
      started = undefined;
      await (await starting).teardown();
    });
  }
  return await started;
}

export interface TestWorkerOptions {
  activities?: object;
  /** Defaults to a fresh queue, so a worker never picks up another test's tasks. */
  taskQueue?: string;
  /** Defaults to the run's bundle of `workflows/src/workflows.ts`; a path here is bundled for this worker. */
  workflowsPath?: string;
}

/** A worker on the file's server; run it around the test body with `worker.runUntil(...)` or use `withTestWorker`. */
export async function createTestWorker(
  env: TestWorkflowEnvironment,
  options: TestWorkerOptions = {},
): Promise<{ worker: Worker; taskQueue: string }> {
  const taskQueue = options.taskQueue ?? `test-${randomUUID()}`;
  const workflows: Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'> = options.workflowsPath
    ? { workflowsPath: options.workflowsPath }
    : { workflowBundle: inject('temporalWorkflowBundle') };
  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    taskQueue,
    activities: options.activities ?? {},
    ...workflows,
  });
  return { worker, taskQueue };
}

/** Runs `body` while a fresh worker polls its task queue, then shuts the worker down (also when `body` throws). */
export async function withTestWorker<T>(
  env: TestWorkflowEnvironment,
  options: TestWorkerOptions,
  body: (taskQueue: string) => Promise<T>,
): Promise<T> {
  const { worker, taskQueue } = await createTestWorker(env, options);
  return await worker.runUntil(body(taskQueue));
}

/** Worker state changes and bundle sizes at INFO level would drown the test output. */
function quietWorkerLogs(): void {
  if (Runtime._instance) return;
  Runtime.install({ logger: new DefaultLogger('WARN') });
}
