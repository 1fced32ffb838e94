// The app of the demo-data integration tests: on the Temporal test server, with a worker (mission and event
// activities) on a task queue of its own, and a clock that follows the server's once time is skipped. The ledger is
// verified clean when the file ends.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { verify } from '@fanmission/ledger';
import { createEventActivities } from '@fanmission/services/events';
import { mediaToolsOf, storageDriverFor } from '@fanmission/services/files';
import { createMissionActivities } from '@fanmission/services/missions';
import { testConfig, useTestApp } from '../harness/app';
import { useTemporalTestEnvironment } from '../harness/temporal';

export async function useDemoTemporalApp(name: string) {
  const env = await useTemporalTestEnvironment();
  const taskQueue = `${name}-${randomUUID()}`;
  let skew = 0;
  const storageDir = mkdtempSync(path.join(os.tmpdir(), `fanmission-${name}-`));
  const cache = process.env.FANMISSION_CACHE_DIR;
  const testApp = useTestApp({
    config: testConfig({ STORAGE_DIR: storageDir, ...(cache && { FANMISSION_CACHE_DIR: cache }) }),
    temporal: { client: env.client, taskQueue },
    now: () => new Date(Date.now() + skew),
  });
  const app = () => testApp.current.app;
  let worker: Worker;
  let running: Promise<void>;

  beforeAll(async () => {
    skew = (await env.currentTimeMs()) - Date.now();
    worker = await Worker.create({
      connection: env.nativeConnection,
      namespace: env.namespace ?? 'default',
      taskQueue,
      workflowBundle: inject('temporalWorkflowBundle'),
      activities: {
        ...createMissionActivities({
          db: app().db,
          storage: storageDriverFor(testApp.current.config),
          mediaTools: mediaToolsOf(testApp.current.config),
        }),
        ...createEventActivities({ db: app().db }),
      },
    });
    running = worker.run();
  });

  afterAll(async () => {
    worker.shutdown();
    await running;
    expect((await verify(app().db)).differences).toEqual([]);
    rmSync(storageDir, { recursive: true, force: true });
  });

  return { env, taskQueue, app };
}
