// What `/metrics` shows after a mission, a payment, a mail and a rate-limit refusal: the production worker
// (`createFanmissionWorker`, with its workflow interceptors and sinks) beside the API on the time-skipping test server.
// The process counters are shared by every app a test process builds: each is read as a difference.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mediaToolsOf, storageDriverFor } from '@fanmission/services/files';
import { countWorkflowOutcome } from '@fanmission/services/metrics';
import { createMissionActivities } from '@fanmission/services/missions';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { GENEROUS_RATE_LIMITS, useTestApp } from '@fanmission/tests/harness/app';
import { useTemporalTestEnvironment } from '@fanmission/tests/harness/temporal';
import { scrapeMetrics, sampleValue, type MetricSample } from '@fanmission/tests/support/metrics';
import {
  basicRequest,
  createFan,
  createFile,
  createProduct,
  createVerifiedCreator,
  postAndAwaitWorkflowStarts,
} from '@fanmission/tests/support/missions';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { createFanmissionWorker } from '@fanmission/workflows/worker';
import { FANMISSION_TASK_QUEUE } from '@fanmission/workflows/task-queue';

const env = await useTemporalTestEnvironment();
// The app's clock follows the test server's, which runs ahead of the wall clock.
let skew = 0;
const testApp = useTestApp({
  temporal: { client: env.client, taskQueue: FANMISSION_TASK_QUEUE },
  now: () => new Date(Date.now() + skew),
  // One reset mail per account and hour: the second ask is refused.
  rateLimits: { ...GENEROUS_RATE_LIMITS, passwordReset: { max: 1, timeWindow: '1 hour' } },
});
const app = () => testApp.current.app;

let scratch: string;
let worker: Worker;
let running: Promise<void>;

beforeAll(async () => {
  skew = (await env.currentTimeMs()) - Date.now();
  scratch = await mkdtemp(path.join(tmpdir(), 'fanmission-metrics-'));
  worker = await createFanmissionWorker({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    bundleCacheDir: path.join(scratch, 'bundles'),
    activities: createMissionActivities({
      db: app().db,
      storage: storageDriverFor(testApp.current.config),
      mediaTools: mediaToolsOf(testApp.current.config),
    }),
    // As services/src/runtime/start-worker.ts wires it.
    onWorkflowOutcome: countWorkflowOutcome,
  });
  running = worker.run();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await rm(scratch, { recursive: true, force: true });
});

const post = (url: string, headers: Record<string, string>, payload: object) =>
  postAndAwaitWorkflowStarts(app(), url, headers, payload);

async function missionPerformed(): Promise<void> {
  const creator = await createVerifiedCreator(app());
  const product = await createProduct(app().db, creator.creatorId, 'BASIC', { coinPrice: 20 });
  const fan = await createFan(app(), 100);
  const requested = await post('/missions', fan.headers, basicRequest(product));
  expect(requested.json(), requested.body).toMatchObject({ status: 'ACCEPTED' });
  const id = requested.json<{ id: number }>().id;
  const file = await createFile(app().db, creator.id, 'image');
  const performed = await post(`/missions/${id}/perform`, creator.headers, { responseComment: 'Hi!', pictureId: file });
  expect(performed.statusCode, performed.body).toBe(200);
  expect(await env.client.workflow.getHandle(`mission-${id}`).result()).toEqual({ status: 'COMPLETED' });
}

/** A sandbox order approved at the checkout, then credited through `POST /coin-deposit`. */
async function coinsBought(): Promise<void> {
  const fan = await createAccount(app());
  const item = await app()
    .db.selectFrom('coin_items')
    .select('id')
    .where('item_type', '=', 'CASH')
    .executeTakeFirstOrThrow();
  const order = await post('/payment', fan.headers, { coinItemId: item.id, userId: fan.id, payMethod: 'kakaopay' });
  expect(order.statusCode, order.body).toBe(200);
  const paymentId = order.json<{ merchantUid: string }>().merchantUid;
  const approved = await app().inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/${paymentId}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(approved.statusCode, approved.body).toBeLessThan(400);
  const deposit = await post('/coin-deposit', fan.headers, { userId: fan.id, coinItemId: item.id, paymentId });
  expect(deposit.statusCode, deposit.body).toBe(200);
}

/** Two reset mails asked for one account: the first is sent, the second refused by the rate limit. */
async function resetMailAskedTwice(): Promise<void> {
  const member = await createAccount(app());
  const ask = () => post('/users/user/forgot-password-reset', {}, { email: member.email });
  expect((await ask()).statusCode).toBe(200);
  expect((await ask()).statusCode).toBe(429);
}

it('a mission, a payment, a mail and a refusal show on /metrics with their labels', async () => {
  const before = await scrapeMetrics(app());
  await missionPerformed();
  await coinsBought();
  await resetMailAskedTwice();
  // The settlement feed counts the ledger's transactions once it has applied their events.
  await drainOutbox(app().db);
  const after = await scrapeMetrics(app());
  const added = (name: string, labels: Record<string, string>) =>
    sampleValue(after, name, labels) - sampleValue(before, name, labels);
  const series = (samples: readonly MetricSample[], name: string) => samples.filter((sample) => sample.name === name);

  expect(
    sampleValue(after, 'fanmission_http_request_duration_seconds_count', {
      route: '/api/v1/missions',
      method: 'POST',
      status_code: '200',
    }),
  ).toBe(1);
  // The fan's funding and the sandbox order are a purchase each, the mission a hold and a release.
  const ledgerTransactions = { PURCHASE: 2, MISSION_HOLD: 1, MISSION_RELEASE: 1 };
  for (const [transactionType, count] of Object.entries(ledgerTransactions)) {
    expect(added('fanmission_ledger_transactions_total', { transaction_type: transactionType }), transactionType).toBe(
      count,
    );
  }
  expect(added('fanmission_workflow_starts_total', { workflow_type: 'missionWorkflow' })).toBe(1);
  expect(added('fanmission_workflow_outcomes_total', { workflow_type: 'missionWorkflow', outcome: 'completed' })).toBe(
    1,
  );
  expect(
    added('fanmission_payment_verifications_total', { provider: 'sandbox', method: 'kakaopay', outcome: 'paid' }),
  ).toBe(1);
  expect(added('fanmission_mails_total', { kind: 'password_reset', outcome: 'sent' })).toBe(1);
  expect(
    added('fanmission_rate_limit_refusals_total', {
      route: '/api/v1/users/user/forgot-password-reset',
      method: 'POST',
    }),
  ).toBe(1);
  // Labels are bounded values: no series carries an id or a raw URL.
  for (const name of ['fanmission_ledger_transactions_total', 'fanmission_http_request_duration_seconds_count']) {
    for (const sample of series(after, name)) {
      expect(Object.values(sample.labels).join(' '), name).not.toMatch(/\/\d|pay_[0-9a-f]{8}/);
    }
  }
}, 120_000);
