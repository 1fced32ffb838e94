import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, escrowAccount, verify } from '@fanmission/ledger';
import { mediaToolsOf, storageDriverFor } from '@fanmission/services/files';
import { createEventActivities } from '@fanmission/services/events';
import { createMissionActivities } from '@fanmission/services/missions';
import { freePort, startTemporalDevServer, type TemporalDevServer } from '@fanmission/services/runtime';
import { defaultWorkflowsPath } from '@fanmission/workflows/worker';
import type { TestAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import type { TestCreator } from '@fanmission/tests/support/creators';
import {
  basicRequest,
  createFan,
  createProduct,
  createVerifiedCreator,
  uploadFile,
} from '@fanmission/tests/support/missions';
import { ensureTemporalCli } from '../../scripts/infra/temporal-cli';

/*
 * Faults: the Temporal server (the CLI's dev server, state in SQLite, as `npm start` runs it) is stopped
 * and started again while a mission waits for its performance. The API and the worker keep their connections and
 * carry on by themselves; the creator's perform (retried with its Idempotency-Key while Temporal is away) completes
 * the mission once: one COMPLETED workflow, the escrow released once, the ledger clean.
 */

const PRICE = 10;
/** services/src/missions/workflow-client.ts names each mission's workflow so. */
const missionWorkflowId = (missionId: number) => `mission-${missionId}`;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'fanmission-fault-temporal-'));
let binary: string;
let port: number;
let server: TemporalDevServer;
let connection: Connection;
let nativeConnection: NativeConnection;
let worker: Worker;
let running: Promise<void>;
let testApp: TestApp;
let fan: TestAccount;
let creator: TestCreator;
let productId: number;
const taskQueue = `faults-${randomUUID()}`;

const startServer = () => startTemporalDevServer({ binary, dataDir: path.join(scratch, 'temporal'), port });

beforeAll(async () => {
  if (!Runtime._instance) Runtime.install({ logger: new DefaultLogger('WARN') });
  binary = await ensureTemporalCli();
  port = await freePort();
  server = await startServer();
  connection = await Connection.connect({ address: server.address });
  const client = new Client({ connection });
  const config = testConfig({ STORAGE_DIR: path.join(scratch, 'files') });
  testApp = await createTestApp({ config, temporal: { client, taskQueue } });
  nativeConnection = await NativeConnection.connect({ address: server.address });
  worker = await Worker.create({
    connection: nativeConnection,
    taskQueue,
    workflowsPath: defaultWorkflowsPath(),
    activities: {
      ...createMissionActivities({
        db: testApp.app.db,
        storage: storageDriverFor(config),
        mediaTools: mediaToolsOf(config),
      }),
      ...createEventActivities({ db: testApp.app.db }),
    },
  });
  running = worker.run();
  fan = await createFan(testApp.app, 100);
  creator = await createVerifiedCreator(testApp.app);
  productId = await createProduct(testApp.app.db, creator.creatorId, 'BASIC', { coinPrice: PRICE });
}, 180_000);

afterAll(async () => {
  if (worker?.getState() === 'RUNNING') worker.shutdown();
  await running;
  await nativeConnection?.close();
  await testApp?.app.close();
  await connection?.close();
  await server?.stop();
  await testApp?.database.drop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('Temporal server restarted mid-mission', () => {
  it('completes the mission once after the restart', async () => {
    const { app } = testApp;
    const requested = await app.inject({
      method: 'POST',
      url: '/api/v1/missions',
      headers: { ...fan.headers, 'idempotency-key': `temporal-fault-${randomUUID()}` },
      payload: basicRequest(productId),
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const missionId = requested.json<{ id: number }>().id;
    const handle = new Client({ connection }).workflow.getHandle(missionWorkflowId(missionId));
    // The workflow is running and waits for the performance.
    await expect.poll(async () => (await handle.describe()).status.name, { timeout: 20_000 }).toBe('RUNNING');
    const picture = await uploadFile(app, creator);

    await server.stop();
    server = await startServer();

    // Perform, retried with the same key while the API's connection comes back: 503 at most, never 500.
    const key = `perform-${randomUUID()}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/missions/${missionId}/perform`,
        headers: { ...creator.headers, 'idempotency-key': key },
        payload: { responseComment: 'Happy birthday!', pictureId: picture.id },
      });
      statuses.push(response.statusCode);
      if (response.statusCode !== 503) {
        expect(response.statusCode, response.body).toBe(200);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(statuses.at(-1), statuses.join(' ')).toBe(200);
    // The same perform again is answered with the first result, not done twice.
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/missions/${missionId}/perform`,
      headers: { ...creator.headers, 'idempotency-key': key },
      payload: { responseComment: 'Happy birthday!', pictureId: picture.id },
    });
    expect(again.statusCode, again.body).toBe(200);

    expect(await handle.result()).toMatchObject({ status: 'COMPLETED' });
    const mission = await app.db
      .selectFrom('missions')
      .select('status')
      .where('id', '=', missionId)
      .executeTakeFirstOrThrow();
    expect(mission.status).toBe('COMPLETED');
    // Released once: the escrow is empty and one release transaction names the mission.
    expect((await balance(app.db, escrowAccount(missionId))).balance).toBe(0);
    const escrowPostings = await app.db
      .selectFrom('ledger_postings')
      .select(['transaction_id', 'amount'])
      .where('account', '=', escrowAccount(missionId))
      .execute();
    expect(escrowPostings.map((posting) => Number(posting.amount)).sort((a, b) => a - b)).toEqual([-PRICE, PRICE]);
    expect((await verify(app.db)).differences).toEqual([]);
  }, 180_000);
});
