import { fileURLToPath } from 'node:url';
import type { NativeConnection } from '@temporalio/worker';
import { Worker } from '@temporalio/worker';
import { FANMISSION_TASK_QUEUE } from './task-queue';

export interface FanmissionWorkerOptions {
  connection: NativeConnection;
  namespace?: string;
  /** The activity implementations, built from the services' domain functions by the caller. */
  activities?: object;
  /** Defaults to the index of all workflows (`workflows.ts`), bundled by the SDK when the worker is created. */
  workflowsPath?: string;
}

/** The production workflow index, as a file path for the bundler (computed on use: under a browser-like test
 * environment this module is loaded, through the app's imports, with a non-file `import.meta.url`). */
export const defaultWorkflowsPath = (): string => fileURLToPath(new URL('./workflows.ts', import.meta.url));

/** The production worker: polls the `fanmission` task queue. Run it with `worker.run()`, stop it with `shutdown()`. */
export async function createFanmissionWorker(options: FanmissionWorkerOptions): Promise<Worker> {
  return await Worker.create({
    connection: options.connection,
    namespace: options.namespace ?? 'default',
    taskQueue: FANMISSION_TASK_QUEUE,
    workflowsPath: options.workflowsPath ?? defaultWorkflowsPath(),
    activities: options.activities ?? {},
  });
}
