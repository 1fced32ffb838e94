import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balance, earningsAccount, escrowAccount, verify, walletAccount } from '@fanmission/ledger';
import { freePort, startTemporalDevServer, type TemporalDevServer } from '@fanmission/services/runtime';
import { cachedWorkflowBundle, defaultWorkflowsPath } from '@fanmission/workflows/worker';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import type { TestAccount } from '@fanmission/tests/harness/accounts';
import type { TestCreator } from '@fanmission/tests/support/creators';
import {
  basicRequest,
  createFan,
  createProduct,
  createVerifiedCreator,
  uploadFile,
} from '@fanmission/tests/support/missions';
import { startWorkerProcess, type WorkerProcess } from '@fanmission/tests/support/worker-process';
import { ensureTemporalCli } from '../../scripts/infra/temporal-cli';

/*
 * Faults: a worker process is killed (SIGKILL) after a mission activity has committed its side effect (the
 * performance recorded and the escrow released, or the refusal and the refund) but before Temporal recorded the
 * activity's completion. The worker is a real child process with the real activities; the one activity under test is
 * wrapped (in tests/support/worker-process-main.ts) so that the process kills itself right after the real activity
 * resolves: the window is hit every time, not by luck. Temporal retries the activity after its start-to-close timeout
 * on a new worker process; the activity finds its work done and changes nothing. Then: the mission completes (or is
 * rejected) once, the ledger moved once, one outbox event, `verify` clean. The creator's request, which Temporal never
 * answered, is answered 200 from the Update id the activity recorded with the action (not 503, not "already done"),
 * and so is his retry with the same Idempotency-Key.
 *
 * The Temporal CLI's dev server (a real server, as `npm start` runs it), a worker bundle built once for all children.
 */

const PRICE = 10;
const FUNDED = 100;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'fanmission-fault-worker-'));
const storageDir = path.join(scratch, 'files');
const taskQueue = `faults-worker-${randomUUID()}`;
let server: TemporalDevServer;
let connection: Connection;
let client: Client;
let testApp: TestApp;
let workflowBundlePath: string;
const workers: WorkerProcess[] = [];

const startWorker = async (killAfter?: string) => {
  const worker = await startWorkerProcess({
    temporalAddress: server.address,
    namespace: 'default',
    taskQueue,
    databaseUrl: testApp.database.url,
    storageDir,
    workflowBundlePath,
    ...(killAfter && { killAfter }),
  });
  workers.push(worker);
  return worker;
};

beforeAll(async () => {
  server = await startTemporalDevServer({
    binary: await ensureTemporalCli(),
    dataDir: path.join(scratch, 'temporal'),
    port: await freePort(),
  });
  connection = await Connection.connect({ address: server.address });
  client = new Client({ connection });
  testApp = await createTestApp({ config: testConfig({ STORAGE_DIR: storageDir }), temporal: { client, taskQueue } });
  workflowBundlePath = await cachedWorkflowBundle(defaultWorkflowsPath(), path.join(scratch, 'bundles'));
}, 300_000);

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await testApp?.app.close();
  await connection?.close();
  await server?.stop();
  await testApp?.database.drop();
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

const post = (url: string, account: TestAccount, key: string, payload: object) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...account.headers, 'accept-language': 'en', 'idempotency-key': key },
    payload,
  });

async function requestMission(type: 'BASIC' | 'CUSTOM') {
  const { app } = testApp;
  const creator = await createVerifiedCreator(app);
  const productId = await createProduct(
    app.db,
    creator.creatorId,
    type,
    type === 'BASIC' ? { coinPrice: PRICE } : { minimumCost: PRICE },
  );
  const fan = await createFan(app, FUNDED);
  const body = type === 'BASIC' ? basicRequest(productId) : basicRequest(productId, { coinPrice: PRICE });
  const requested = await post('/missions', fan, `request-${randomUUID()}`, body);
  expect(requested.statusCode, requested.body).toBe(200);
  const id = requested.json<{ id: number }>().id;
  const handle = client.workflow.getHandle(`mission-${id}`);
  await expect.poll(async () => (await handle.describe()).status.name, { timeout: 30_000 }).toBe('RUNNING');
  return { creator, fan, id, handle };
}

/** The promise's value, or a failure with `message()` after `ms` (a hung step fails with its reason, not the test's timeout). */
async function within<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message())), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The creator's action, sent while the killing worker runs it. Temporal never answers it (the worker died before
 * reporting), so the API answers once its update deadline has passed, from what the mission records.
 */
async function actWhileKilled(creator: TestCreator, url: string, payload: object, killed: WorkerProcess) {
  const key = `action-${randomUUID()}`;
  const [first, committed, exit] = await Promise.all([
    post(url, creator, key, payload),
    within(killed.committed, 120_000, () => `the activity never committed:\n${killed.stderr.join('\n')}`),
    within(killed.exited, 120_000, () => `the worker never died:\n${killed.stderr.join('\n')}`),
  ]);
  expect(exit, killed.stderr.join('\n')).toEqual({ code: null, signal: 'SIGKILL' });
  return { first, committed, again: () => post(url, creator, key, payload) };
}

/** The activity as Temporal sees it: still pending on its first attempt (the completion never reached it). */
async function pendingActivity(handle: WorkflowHandle, activity: string) {
  const { raw } = await handle.describe();
  const pending = (raw.pendingActivities ?? []).find((one) => one.activityType?.name === activity);
  return pending && { attempt: pending.attempt, state: String(pending.state) };
}

/** How many times the activity was started before the attempt that completed, and how many completions. */
async function activityRuns(handle: WorkflowHandle, activity: string) {
  const events = (await handle.fetchHistory()).events ?? [];
  const scheduled = new Set(
    events
      .filter((event) => event.activityTaskScheduledEventAttributes?.activityType?.name === activity)
      .map((event) => String(event.eventId)),
  );
  const started = events.filter((event) =>
    scheduled.has(String(event.activityTaskStartedEventAttributes?.scheduledEventId)),
  );
  const completed = events.filter((event) =>
    scheduled.has(String(event.activityTaskCompletedEventAttributes?.scheduledEventId)),
  );
  return {
    scheduled: scheduled.size,
    attempts: started.map((event) => event.activityTaskStartedEventAttributes!.attempt),
    completed: completed.length,
  };
}

const mission = (id: number) =>
  testApp.app.db.selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function outboxTypes(missionId: number): Promise<string[]> {
  const rows = await testApp.app.db
    .selectFrom('outbox')
    .select('type')
    .where('aggregate_id', '=', String(missionId))
    .where('aggregate_type', '=', 'mission')
    .orderBy('position')
    .execute();
  return rows.map((row) => row.type);
}

async function ledgerTransactions(missionId: number): Promise<string[]> {
  const rows = await testApp.app.db
    .selectFrom('ledger_transactions')
    .select('type')
    .where(sql<boolean>`metadata ->> 'missionId' = ${String(missionId)}`)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.type);
}

describe('a worker killed between an activity and its completion', () => {
  it('perform: the performance recorded and the escrow released, then SIGKILL; a new worker completes the mission once', async () => {
    const killing = await startWorker('recordPerformance');
    const { creator, fan, id, handle } = await requestMission('BASIC');
    const picture = await uploadFile(testApp.app, creator);

    const action = await actWhileKilled(
      creator,
      `/missions/${id}/perform`,
      { responseComment: 'Happy birthday!', pictureId: picture.id },
      killing,
    );
    // Temporal did not answer in time, but the mission records this very Update's perform: 200, not 409
    // ALREADY_PERFORMED.
    expect(action.first.statusCode, action.first.body).toBe(200);
    expect(action.first.json()).toEqual({ id });
    expect(action.committed).toEqual([expect.objectContaining({ missionId: id })]);
    // The window: the database says COMPLETED and the escrow is released, Temporal still waits for attempt 1.
    const performed = await mission(id);
    expect(performed).toMatchObject({ status: 'COMPLETED', picture_file_id: picture.id });
    expect(performed.perform_update_id).toEqual(expect.any(String));
    expect((await balance(testApp.app.db, escrowAccount(id))).balance).toBe(0);
    expect(await pendingActivity(handle, 'recordPerformance')).toEqual({ attempt: 1, state: expect.any(String) });
    expect((await handle.describe()).status.name).toBe('RUNNING');

    await startWorker();
    // The creator's retry (same Idempotency-Key) is answered with the first result.
    const again = await action.again();
    expect(again.statusCode, again.body).toBe(200);

    expect(await handle.result()).toEqual({ status: 'COMPLETED' });
    // The activity ran again (attempt 2 on the new worker) and found its work done.
    const runs = await activityRuns(handle, 'recordPerformance');
    expect(runs.scheduled).toBe(1);
    expect(runs.completed).toBe(1);
    expect(runs.attempts[0]).toBeGreaterThanOrEqual(2);
    expect(await mission(id)).toMatchObject({ status: 'COMPLETED', picture_file_id: picture.id });
    expect(await ledgerTransactions(id)).toEqual(['MISSION_HOLD', 'MISSION_RELEASE']);
    expect(await balance(testApp.app.db, earningsAccount(creator.creatorId))).toMatchObject({ balance: PRICE });
    expect(await balance(testApp.app.db, walletAccount(fan.id))).toMatchObject({ balance: FUNDED - PRICE });
    expect(await outboxTypes(id)).toEqual(['mission.requested', 'mission.completed']);
    expect((await verify(testApp.app.db)).differences).toEqual([]);
  }, 300_000);

  it('refuse: the refusal and the refund committed, then SIGKILL; a new worker rejects the mission once', async () => {
    const killing = await startWorker('rejectMission');
    const { creator, fan, id, handle } = await requestMission('CUSTOM');

    const action = await actWhileKilled(creator, `/missions/${id}/refuse`, { feedback: 'Not my style' }, killing);
    // Temporal did not answer in time, but the mission records this very Update's decision: 200, not 409
    // ALREADY_DECIDED.
    expect(action.first.statusCode, action.first.body).toBe(200);
    expect(action.first.json()).toEqual({ id });
    expect(action.committed).toEqual([expect.objectContaining({ missionId: id, reason: 'REFUSED' })]);
    const decided = await mission(id);
    expect(decided).toMatchObject({ status: 'REJECTED', rejection_reason: 'REFUSED' });
    expect(decided.decision_update_id).toEqual(expect.any(String));
    expect(await balance(testApp.app.db, walletAccount(fan.id))).toMatchObject({ balance: FUNDED });
    expect(await pendingActivity(handle, 'rejectMission')).toEqual({ attempt: 1, state: expect.any(String) });

    await startWorker();
    // The creator's retry (same Idempotency-Key) is answered with the first result.
    const again = await action.again();
    expect(again.statusCode, again.body).toBe(200);

    expect(await handle.result()).toEqual({ status: 'REJECTED', reason: 'REFUSED' });
    const runs = await activityRuns(handle, 'rejectMission');
    expect(runs.scheduled).toBe(1);
    expect(runs.completed).toBe(1);
    expect(runs.attempts[0]).toBeGreaterThanOrEqual(2);
    expect(await mission(id)).toMatchObject({ status: 'REJECTED', feedback: 'Not my style', refunded_coins: PRICE });
    expect(await ledgerTransactions(id)).toEqual(['MISSION_HOLD', 'MISSION_REFUND']);
    expect(await balance(testApp.app.db, walletAccount(fan.id))).toMatchObject({ balance: FUNDED });
    expect(await outboxTypes(id)).toEqual(['mission.requested', 'mission.rejected']);
    expect((await verify(testApp.app.db)).differences).toEqual([]);
  }, 300_000);
});
