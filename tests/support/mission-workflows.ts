// Mission workflows on the time-skipping test server for a test file: the real API (which starts each workflow after
// its answer), a worker with the real activities, the app's clock kept on the server's (which runs ahead of the wall
// clock by every skipped day), and the helpers the files share.
import { randomUUID } from 'node:crypto';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { verify } from '@fanmission/ledger';
import { createMissionActivities } from '@fanmission/services/missions';
import { mediaToolsOf, storageDriverFor } from '@fanmission/services/files';
import type { MissionWorkflowResult } from '@fanmission/workflows/missions';
import { useTestApp } from '../harness/app';
import { useTemporalTestEnvironment } from '../harness/temporal';
import {
  basicRequest,
  createFan,
  createFile,
  createProduct,
  createVerifiedCreator,
  postAndAwaitWorkflowStarts,
} from './missions';

export const DAY = 24 * 60 * 60 * 1000;

/** Call at a file's top level: the environment, the app and the worker for the whole file. */
export async function useMissionWorkflows() {
  const env = await useTemporalTestEnvironment();
  const taskQueue = `missions-${randomUUID()}`;
  let skew = 0;
  const syncClock = async () => {
    skew = (await env.currentTimeMs()) - Date.now();
  };
  const testApp = useTestApp({ temporal: { client: env.client, taskQueue }, now: () => new Date(Date.now() + skew) });
  const app = () => testApp.current.app;
  const db = () => testApp.current.app.db;
  let worker: Worker;
  let running: Promise<void>;
  const histories: Array<{ workflowId: string; scenario: string; history: unknown }> = [];

  async function startWorker(): Promise<void> {
    worker = await Worker.create({
      connection: env.nativeConnection,
      namespace: env.namespace ?? 'default',
      taskQueue,
      workflowBundle: inject('temporalWorkflowBundle'),
      activities: createMissionActivities({
        db: db(),
        storage: storageDriverFor(testApp.current.config),
        mediaTools: mediaToolsOf(testApp.current.config),
      }),
      // A killed worker's cached workflows move on to the next worker quickly.
      stickyQueueScheduleToStartTimeout: '1 second',
    });
    running = worker.run();
  }

  async function stopWorker(): Promise<void> {
    worker.shutdown();
    await running;
  }

  beforeAll(async () => {
    await syncClock();
    await startWorker();
  });

  afterAll(async () => {
    await stopWorker();
    expect((await verify(db())).differences).toEqual([]);
  });

  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    postAndAwaitWorkflowStarts(app(), url, headers, payload);

  return {
    env,
    taskQueue,
    app,
    db,
    histories,
    startWorker,
    stopWorker,
    syncClock,
    post,
    /** The app's clock: the test server's. */
    now: () => new Date(Date.now() + skew),

    async skip(days: number): Promise<void> {
      await env.sleep(days * DAY);
      await syncClock();
    },

    /** Waits for the mission's workflow to finish (skipping time to its timers) and keeps its history for replay. */
    async finished(missionId: number): Promise<MissionWorkflowResult> {
      const handle = env.client.workflow.getHandle(`mission-${missionId}`);
      const result = (await handle.result()) as MissionWorkflowResult;
      const scenario = expect.getState().currentTestName ?? handle.workflowId;
      histories.push({ workflowId: handle.workflowId, scenario, history: await handle.fetchHistory() });
      await syncClock();
      return result;
    },

    mission: (id: number) => db().selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),

    async outboxTypes(aggregateId: number, aggregateType = 'mission'): Promise<string[]> {
      const rows = await db()
        .selectFrom('outbox')
        .select('type')
        .where('aggregate_id', '=', String(aggregateId))
        .where('aggregate_type', '=', aggregateType as never)
        .orderBy('position')
        .execute();
      return rows.map((row) => row.type);
    },

    async requestBasic(coinPrice = 20) {
      const creator = await createVerifiedCreator(app());
      const product = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice });
      const fan = await createFan(app(), 100);
      await syncClock();
      const response = await post('/missions', fan.headers, basicRequest(product));
      expect(response.json(), `skew ${skew}`).toMatchObject({ status: 'ACCEPTED' });
      return { creator, fan, product, id: response.json<{ id: number }>().id };
    },

    async requestCustom() {
      const creator = await createVerifiedCreator(app());
      const product = await createProduct(db(), creator.creatorId, 'CUSTOM', { minimumCost: 40 });
      const fan = await createFan(app(), 100);
      await syncClock();
      const response = await post('/missions', fan.headers, basicRequest(product, { coinPrice: 40 }));
      expect(response.json()).toMatchObject({ status: 'REQUESTED' });
      return { creator, fan, id: response.json<{ id: number }>().id };
    },

    async perform(creator: { id: number; headers: Record<string, string> }, id: number, kind = 'image') {
      const file = await createFile(db(), creator.id, kind as 'image');
      const field = kind === 'image' ? 'pictureId' : kind === 'video' ? 'videoId' : 'voiceId';
      return post(`/missions/${id}/perform`, creator.headers, { responseComment: 'Happy birthday!', [field]: file });
    },
  };
}
