// Workflow tests attach to the one time-skipping test server that temporal-global-setup.ts started for the run.
//
// Test files run in Vitest worker processes, so they cannot share the setup process's TestWorkflowEnvironment
// object. `TestWorkflowEnvironment.createFromExistingServer()` connects without the test service, which turns
// time skipping off (`env.sleep` would really sleep, `result()` would wait out real timers). What makes an
// environment time-skipping is only its connections carrying the test service and its client being a
// TimeSkippingClient; the protected constructor builds exactly that when given `supportsTimeSkipping = true`, and
// with server `'existing'` its teardown closes the connections without touching the shared server.
import { randomUUID } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { Connection } from '@temporalio/client';
import { InternalConnectionOptionsSymbol } from '@temporalio/client/lib/connection';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { WorkerOptions } from '@temporalio/worker';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';

class SharedTimeSkippingEnvironment extends TestWorkflowEnvironment {
  static async attach(address: string, namespace: string): Promise<TestWorkflowEnvironment> {
    const withTestService = { [InternalConnectionOptionsSymbol]: { supportsTestService: true } };
    const nativeConnection = await NativeConnection.connect({ address, ...withTestService });
    try {
      const connection = await Connection.connect({ address, ...withTestService });
      return new SharedTimeSkippingEnvironment(
        Runtime.instance(),
        { server: { type: 'existing' }, client: {}, plugins: [] },
        true,
        'existing',
        connection,
        nativeConnection,
        namespace,
        address,
      );
    } catch (error) {
      await nativeConnection.close();
      throw error;
    }
  }
}

let attached: Promise<TestWorkflowEnvironment> | undefined;

/**
 * The shared time-skipping environment: `env.client` skips time while awaiting a workflow result, `env.sleep()`
 * skips a given amount, `env.nativeConnection` is for workers. Call it at the top level of a test file (or of a
 * `describe`): it registers an `afterAll` that closes this file's connections. The server itself outlives the file.
 */
export async function useTemporalTestEnvironment(): Promise<TestWorkflowEnvironment> {
  if (!attached) {
    quietWorkerLogs();
    const { address, namespace } = inject('temporalTestServer');
    const attaching = SharedTimeSkippingEnvironment.attach(address, namespace);
    attached = attaching;
    afterAll(async () => {
      attached = undefined;
      await (await attaching).teardown();
    });
  }
  return await attached;
}

export interface TestWorkerOptions {
  activities?: object;
  /** Defaults to a fresh queue, so a worker never picks up another test's tasks. */
  taskQueue?: string;
  /** Defaults to the run's bundle of `workflows/src/workflows.ts`; a path here is bundled for this worker. */
  workflowsPath?: string;
}

/** A worker on the shared server; run it around the test body with `worker.runUntil(...)` or use `withTestWorker`. */
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
