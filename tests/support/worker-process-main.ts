// The entry of a worker child process (started by `startWorkerProcess()` in ./worker-process.ts, never imported).
// It runs a real Temporal worker with the real mission and event activities on the database and task queue it is
// given. With `killAfter`, that activity is wrapped: the real activity runs and commits, then the process sends itself
// SIGKILL before the activity returns, so Temporal never hears of the completion (the faults suite's window between an
// activity's side effect and its recorded completion). Everything here is test support; src has no hook for it.
import { writeSync } from 'node:fs';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { loadConfig } from '@fanmission/services/config';
import { createDb } from '@fanmission/services/db';
import { createEventActivities } from '@fanmission/services/events';
import { mediaToolsOf, storageDriverFor } from '@fanmission/services/files';
import { createMissionActivities } from '@fanmission/services/missions';
import { workflowSinks } from '@fanmission/workflows/worker';
import { WORKER_PROCESS_ENV, type WorkerProcessOptions } from './worker-process';

const options = JSON.parse(process.env[WORKER_PROCESS_ENV] ?? 'null') as WorkerProcessOptions | null;
if (!options) throw new Error(`${WORKER_PROCESS_ENV} is not set: start this file with startWorkerProcess()`);

/** One JSON line on stdout, written synchronously so that it is out before a SIGKILL that follows. */
const report = (message: Record<string, unknown>) => writeSync(1, `${JSON.stringify(message)}\n`);

Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: ['SIGTERM', 'SIGINT'] });
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:8080',
  STORAGE_DIR: options.storageDir,
});
const db = createDb(options.databaseUrl, { max: 4, connectionTimeoutMs: 30_000 });
const activities: Record<string, (...args: never[]) => Promise<unknown>> = {
  ...createMissionActivities({ db, storage: storageDriverFor(config), mediaTools: mediaToolsOf(config) }),
  ...createEventActivities({ db }),
};
const { killAfter } = options;
if (killAfter) {
  const real = activities[killAfter];
  if (!real) throw new Error(`no activity named ${killAfter}`);
  activities[killAfter] = async (...args: never[]) => {
    const result = await real(...args);
    // The real activity has committed; Temporal has not been told. Die here, as a crashed or OOM-killed worker would.
    report({ committed: killAfter, args });
    process.kill(process.pid, 'SIGKILL');
    return result;
  };
}

const connection = await NativeConnection.connect({ address: options.temporalAddress });
const worker = await Worker.create({
  connection,
  namespace: options.namespace,
  taskQueue: options.taskQueue,
  workflowBundle: { codePath: options.workflowBundlePath },
  // The bundle (`cachedWorkflowBundle`) has the production interceptors, which report through these sinks.
  sinks: workflowSinks({}),
  activities,
});
report({ ready: true, pid: process.pid });
try {
  await worker.run();
} finally {
  await connection.close();
  await db.destroy();
}
