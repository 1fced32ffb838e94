// Mission workflows for a served app (`useServedApp({ temporal: true })`): the e2e project has no shared Temporal
// server, so the served app gets a time-skipping test server of its own, the production worker with the mission and
// event activities (its workflow bundle built once for the sources and kept in the cache), and the server's client. Time only skips while a client awaits a workflow result, so deadlines
// run on the wall clock as long as a browser test does not wait for a whole workflow.
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, type Worker } from '@temporalio/worker';
import type { TemporalAccess } from '@fanmission/services/context';
import type { Db } from '@fanmission/services/db';
import type { AppConfig } from '@fanmission/services/config';
import { mediaToolsOf, storageDriverFor } from '@fanmission/services/files';
import { createEventActivities } from '@fanmission/services/events';
import { createMissionActivities } from '@fanmission/services/missions';
import { createFanmissionWorker } from '@fanmission/workflows/worker';
import { FANMISSION_TASK_QUEUE } from '@fanmission/workflows/task-queue';
import { startTemporalTestServer, WORKFLOW_BUNDLE_CACHE } from './temporal-global-setup';

export interface ServedTemporal {
  readonly access: TemporalAccess;
  readonly env: TestWorkflowEnvironment;
  /** Starts the worker on the app's database (the app is built after the server, the worker after the app). */
  startWorker(db: Db, config: AppConfig): Promise<void>;
  /** Stops the worker (if started) and the server. */
  stop(): Promise<void>;
}

export async function startServedTemporal(): Promise<ServedTemporal> {
  if (!Runtime._instance) Runtime.install({ logger: new DefaultLogger('WARN') });
  const env = await startTemporalTestServer();
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  return {
    access: { client: env.client, taskQueue: FANMISSION_TASK_QUEUE },
    env,
    async startWorker(db, config) {
      worker = await createFanmissionWorker({
        connection: env.nativeConnection,
        namespace: env.namespace ?? 'default',
        bundleCacheDir: WORKFLOW_BUNDLE_CACHE,
        activities: {
          ...createMissionActivities({ db, storage: storageDriverFor(config), mediaTools: mediaToolsOf(config) }),
          ...createEventActivities({ db }),
        },
      });
      running = worker.run();
    },
    async stop() {
      try {
        if (worker && worker.getState() === 'RUNNING') worker.shutdown();
        await running;
      } finally {
        await env.teardown();
      }
    },
  };
}
