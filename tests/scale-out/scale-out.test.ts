import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, UploadedFile } from '@fanmission/contracts';
import { escrowAccount, verify } from '@fanmission/ledger';
import { hashPassword } from '@fanmission/services/auth';
import { concerns } from '@fanmission/services/outbox';
import { EVENT_CONSUMERS } from '@fanmission/services/runtime';
import { createTestDatabase, type TestDatabase } from '@fanmission/tests/harness/database';
import { multipartForm, PNG_1X1 } from '@fanmission/tests/support/files';
import { threadNiceValues } from '@fanmission/tests/support/thread-priority';
import { basicRequest, createProduct, fund } from '@fanmission/tests/support/missions';
import {
  COMPOSE_API_VARIABLES,
  COMPOSE_APP_VARIABLES,
  composeCommand,
  composeEnvironmentNames,
  roleCommand,
  startScaleOut,
  type ScaleOutCluster,
} from '@fanmission/tests/support/scale-out';

/*
 * Scale-out: two API processes, two workers and an outbox relay on Kafka, started as docker-compose.yml
 * starts them, over one PostgreSQL and one Temporal dev server, files in an S3-compatible store. Fans request BASIC
 * and CUSTOM missions through both APIs while their creators accept, refuse and perform through the other one; one
 * worker is SIGKILLed mid-run. Every mission then ends exactly once (one workflow run, one outcome, its escrow held
 * once and released or refunded once), every outbox event is published and applied once by each consumer (and its
 * effects counted once), the ledger verifies clean, and every uploaded file is readable from either API.
 */

const FANS = 6;
const CREATORS = 3;
/** Per fan: BASIC missions, then CUSTOM ones (every third CUSTOM mission is refused). */
const BASIC_PER_FAN = 3;
const CUSTOM_PER_FAN = 2;
const BASIC_PRICE = 10;
const CUSTOM_OFFER = 15;
const PASSWORD = 'scale-out-password-1';

interface Account {
  id: number;
  email: string;
  headers: { authorization: string };
}
interface Creator extends Account {
  creatorId: number;
  basicProductId: number;
  customProductId: number;
}
interface Flow {
  fan: Account;
  creator: Creator;
  kind: 'BASIC' | 'CUSTOM';
  refuse: boolean;
  /** Index of the API the fan uses; the creator uses the other one. */
  api: number;
}

let database: TestDatabase;
let cluster: ScaleOutCluster;
let temporal: Connection;
const lines: string[] = [];
const requestsPerApi = [0, 0];
/** Answers that came after one or more 503s of the same call (the same Idempotency-Key sent again). */
const afterUnavailable = new WeakSet<Response>();
/** Actions answered 200 only on a retry after a 503 (see runFlow). */
const answeredAfterRetry: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  cluster = await startScaleOut({
    databaseUrl: database.url,
    log: (line) => {
      lines.push(line);
      if (lines.length > 400) lines.shift();
    },
  });
  temporal = await Connection.connect({ address: cluster.temporalAddress });
  console.log(lines.filter((line) => line.startsWith('[scale-out]')).join('\n'));
}, 400_000);

afterAll(async () => {
  await temporal?.close();
  await cluster?.stop();
  await database?.drop();
}, 120_000);

/** One call to API `index` (0 or 1), retried while the answer is 503 (a mission action whose worker was killed). */
async function call(
  index: number,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; json?: unknown; body?: Buffer } = {},
): Promise<Response> {
  const deadline = Date.now() + 150_000;
  let unavailable = false;
  for (;;) {
    requestsPerApi[index]! += 1;
    const response = await fetch(`${cluster.apis[index]!.url}${url}`, {
      method,
      headers: {
        ...options.headers,
        ...(options.json !== undefined && { 'content-type': 'application/json' }),
      },
      ...(options.json !== undefined && { body: JSON.stringify(options.json) }),
      ...(options.body && { body: new Uint8Array(options.body) }),
      signal: AbortSignal.timeout(60_000),
    });
    if (response.status !== 503 || Date.now() > deadline) {
      if (unavailable) afterUnavailable.add(response);
      return response;
    }
    unavailable = true;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function ok<T>(response: Response): Promise<T> {
  const text = await response.text();
  expect(response.status, `${response.url}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

let accounts = 0;
async function insertAccount(
  db: TestDatabase['db'],
  passwordHash: string,
  creator: boolean,
): Promise<{ id: number; email: string }> {
  accounts += 1;
  const email = `scale-${accounts}-${randomUUID().slice(0, 8)}@example.com`;
  const user = await db
    .insertInto('users')
    .values({
      email,
      username: `scale${accounts}`,
      password_hash: passwordHash,
      provider: 'local',
      roles: creator ? ['ROLE_USER', 'ROLE_CREATOR'] : ['ROLE_USER'],
      email_verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, email };
}

/** Signs in through API `index` (POST /api/login), as the web app does. */
async function login(index: number, user: { id: number; email: string }): Promise<Account> {
  const response = await call(index, 'POST', '/api/login', { json: { username: user.email, password: PASSWORD } });
  expect(response.status, await response.clone().text()).toBe(200);
  await response.body?.cancel();
  const authorization = response.headers.get('authorization');
  expect(authorization).toMatch(/^Bearer /);
  return { ...user, headers: { authorization: authorization! } };
}

async function upload(index: number, account: Account): Promise<UploadedFile> {
  const form = await multipartForm('data', PNG_1X1, 'answer.png');
  return ok<UploadedFile>(
    await call(index, 'POST', '/api/v1/files/s3', {
      headers: { ...form.headers, ...account.headers },
      body: form.payload,
    }),
  );
}

/** The file, fetched by its path from API `index`. */
async function fetchFile(index: number, s3Url: string): Promise<Response> {
  const { pathname, search } = new URL(s3Url, 'http://localhost');
  return call(index, 'GET', `${pathname}${search}`);
}

describe('scale-out: two APIs, two workers and a relay on Kafka', () => {
  it('runs the application roles with the commands and variables docker-compose.yml gives them', () => {
    for (const role of ['api', 'worker', 'relay'] as const) {
      expect(composeCommand(role)).toEqual(['node', ...roleCommand(role)]);
    }
    expect([...composeEnvironmentNames('x-app')].sort()).toEqual([...COMPOSE_APP_VARIABLES].sort());
    expect(composeEnvironmentNames('api').sort()).toEqual([...COMPOSE_API_VARIABLES].sort());
    // Files go to the S3 store (MinIO in compose), not a volume the replicas share.
    const compose = cluster.environment;
    expect(compose.S3_ENDPOINT).toBe(cluster.s3.endpoint());
    expect(cluster.apis).toHaveLength(2);
    expect(cluster.workers).toHaveLength(2);
    expect(cluster.relays).toHaveLength(1);
    // On a shared machine the workers yield the CPU to the APIs (BACKGROUND_NICE, 10 by default), every thread of
    // them; the APIs keep this process's priority.
    if (process.platform === 'linux') {
      for (const worker of cluster.workers) expect(new Set(threadNiceValues(worker.pid))).toEqual(new Set([10]));
      for (const api of cluster.apis) expect(new Set(threadNiceValues(api.pid))).toEqual(new Set([os.getPriority()]));
    }
  });

  it('finishes every mission exactly once, applies every event once and keeps files on S3, with a worker killed', async () => {
    const db = database.db;
    const passwordHash = await hashPassword(PASSWORD);

    // Creators with a BASIC product and custom missions open; fans with coins. Sign-in through both APIs.
    const creators: Creator[] = [];
    for (let index = 0; index < CREATORS; index += 1) {
      const user = await insertAccount(db, passwordHash, true);
      const userId = user.id;
      const { id: creatorId } = await db
        .insertInto('creators')
        .values({
          user_id: userId,
          name: `scale-creator-${userId}`,
          verified: true,
          available_custom: true,
          minimum_cost: 1,
          url: `scale-${userId}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const basicProductId = await createProduct(db, creatorId, 'BASIC', { coinPrice: BASIC_PRICE });
      const customProductId = await createProduct(db, creatorId, 'CUSTOM', { minimumCost: 1 });
      creators.push({ ...(await login(index % 2, user)), creatorId, basicProductId, customProductId });
    }
    const fans: Account[] = [];
    for (let index = 0; index < FANS; index += 1) {
      const user = await insertAccount(db, passwordHash, false);
      await fund(db, user.id, 200);
      fans.push(await login(index % 2, user));
    }

    const flows: Flow[] = [];
    fans.forEach((fan, fanIndex) => {
      for (let n = 0; n < BASIC_PER_FAN + CUSTOM_PER_FAN; n += 1) {
        const kind = n < BASIC_PER_FAN ? 'BASIC' : 'CUSTOM';
        flows.push({
          fan,
          creator: creators[(fanIndex + n) % CREATORS]!,
          kind,
          refuse: kind === 'CUSTOM' && (fanIndex + n) % 3 === 0,
          api: (fanIndex + n) % 2,
        });
      }
    });

    // The load: every flow requests through one API and is decided and performed through the other, six at a time.
    // worker-1 is SIGKILLed once a third of the missions have been requested.
    const killAfter = Math.ceil(flows.length / 3);
    let requested = 0;
    const missions: Array<{ id: number; flow: Flow; picture?: UploadedFile }> = [];
    const runFlow = async (flow: Flow) => {
      const creatorApi = 1 - flow.api;
      const request = await ok<{ id: number; status: string }>(
        await call(flow.api, 'POST', '/api/v1/missions', {
          headers: { ...flow.fan.headers, 'idempotency-key': `scale-request-${randomUUID()}` },
          json:
            flow.kind === 'BASIC'
              ? basicRequest(flow.creator.basicProductId, { expectedCoinPrice: BASIC_PRICE })
              : basicRequest(flow.creator.customProductId, { coinPrice: CUSTOM_OFFER }),
        }),
      );
      expect(request.status).toBe(flow.kind === 'BASIC' ? 'ACCEPTED' : 'REQUESTED');
      const mission: (typeof missions)[number] = { id: request.id, flow };
      missions.push(mission);
      requested += 1;
      if (requested === killAfter) cluster.workers[0]!.kill('SIGKILL');
      const action = async (name: 'accept' | 'refuse' | 'perform', json: unknown) => {
        const response = await call(creatorApi, 'POST', `/api/v1/missions/${request.id}/${name}`, {
          headers: { ...flow.creator.headers, 'idempotency-key': `scale-${name}-${randomUUID()}` },
          json,
        });
        // A retry after a 503 (its worker killed while Temporal had taken the action) answers the first result: the
        // mission records the Update id the Idempotency-Key names, so even a finished workflow answers it with 200.
        if (afterUnavailable.has(response)) answeredAfterRetry.push(`${name} of mission ${request.id}`);
        await ok(response);
      };
      if (flow.kind === 'CUSTOM') {
        if (flow.refuse) {
          await action('refuse', { feedback: 'Not this time' });
          return;
        }
        await action('accept', { feedback: 'With pleasure' });
      }
      mission.picture = await upload(creatorApi, flow.creator);
      await action('perform', { responseComment: 'Happy birthday!', pictureId: mission.picture.id });
    };
    const queue = [...flows];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let flow = queue.shift(); flow; flow = queue.shift()) await runFlow(flow);
      }),
    );
    expect(missions).toHaveLength(flows.length);
    if (answeredAfterRetry.length)
      console.log(`[scale-out] answered on a retry after 503: ${answeredAfterRetry.join(', ')}`);
    expect(await cluster.workers[0]!.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(requestsPerApi[0]).toBeGreaterThan(flows.length);
    expect(requestsPerApi[1]).toBeGreaterThan(flows.length);

    // Every mission ends once: COMPLETED (performed) or REJECTED (refused), by its one workflow run.
    const ids = missions.map((mission) => mission.id);
    const expectedStatus = (flow: Flow) => (flow.refuse ? 'REJECTED' : 'COMPLETED');
    await expect
      .poll(
        async () =>
          (await db.selectFrom('missions').select(['id', 'status']).where('id', 'in', ids).execute()).filter(
            (row) => row.status === 'COMPLETED' || row.status === 'REJECTED',
          ).length,
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe(ids.length);
    const rows = await db.selectFrom('missions').select(['id', 'status']).where('id', 'in', ids).execute();
    const statusById = new Map(rows.map((row) => [row.id, row.status]));
    for (const mission of missions)
      expect(statusById.get(mission.id), `mission ${mission.id}`).toBe(expectedStatus(mission.flow));

    const client = new Client({ connection: temporal });
    for (const mission of missions) {
      const handle = client.workflow.getHandle(`mission-${mission.id}`);
      await expect.poll(async () => (await handle.describe()).status.name, { timeout: 60_000 }).toBe('COMPLETED');
      const runs: string[] = [];
      for await (const run of client.workflow.list({ query: `WorkflowId = 'mission-${mission.id}'` })) {
        runs.push(`${run.runId} ${run.status.name}`);
      }
      expect(runs, `runs of mission-${mission.id}`).toHaveLength(1);
      expect(await handle.result()).toMatchObject({ status: expectedStatus(mission.flow) });
    }

    // Money: each escrow held once and released (performed) or refunded (refused) once; the ledger verifies clean.
    const escrow = await db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
      .select(['p.account', 'p.amount', 't.type'])
      .where(
        'p.account',
        'in',
        ids.map((id) => escrowAccount(id)),
      )
      .execute();
    for (const mission of missions) {
      const price = mission.flow.kind === 'BASIC' ? BASIC_PRICE : CUSTOM_OFFER;
      const postings = escrow
        .filter((posting) => posting.account === escrowAccount(mission.id))
        .map((posting) => `${posting.type} ${Number(posting.amount)}`)
        .sort();
      expect(postings, `escrow of mission ${mission.id}`).toEqual(
        [`MISSION_HOLD ${price}`, `${mission.flow.refuse ? 'MISSION_REFUND' : 'MISSION_RELEASE'} ${-price}`].sort(),
      );
    }
    expect((await verify(db)).differences).toEqual([]);

    // Events: every outbox row published to Kafka, and applied once by every consumer that handles its type.
    await expect
      .poll(
        async () =>
          Number(
            (
              await db
                .selectFrom('outbox')
                .select(sql<string>`count(*)`.as('n'))
                .where('sent_at', 'is', null)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        {
          timeout: 60_000,
          interval: 1_000,
        },
      )
      .toBe(0);
    for (const consumer of EVENT_CONSUMERS) {
      // The events it acts on: a handler for their type and its `concerns` test passed (those it passes over are
      // not recorded).
      const types = Object.keys(consumer.handlers);
      const rows = await db.selectFrom('outbox').select(['id', 'type', 'payload']).where('type', 'in', types).execute();
      const expected = rows.filter((row) => concerns(consumer, row as unknown as DomainEvent));
      await expect
        .poll(
          async () => {
            const applied = await db
              .selectFrom('event_consumer_processed')
              .select('event_id')
              .where('consumer', '=', consumer.name)
              .execute();
            return new Set(applied.map((row) => row.event_id)).size === applied.length
              ? applied.map((row) => row.event_id).sort()
              : ['duplicate ids'];
          },
          { timeout: 90_000, interval: 1_000, message: `events applied by ${consumer.name}` },
        )
        .toEqual(expected.map((row) => row.id).sort());
    }
    // …and their effects counted once: each creator's completed missions and settlement feed match the ledger.
    for (const creator of creators) {
      const completed = missions.filter((mission) => mission.flow.creator === creator && !mission.flow.refuse);
      const coins = completed.reduce(
        (sum, mission) => sum + (mission.flow.kind === 'BASIC' ? BASIC_PRICE : CUSTOM_OFFER),
        0,
      );
      const popularity = await db
        .selectFrom('creator_popularity')
        .select('completed_count')
        .where('creator_id', '=', creator.creatorId)
        .executeTakeFirst();
      expect(Number(popularity?.completed_count ?? 0), `completed missions of creator ${creator.creatorId}`).toBe(
        completed.length,
      );
      const feed = await db
        .selectFrom('settlement_feed')
        .select([sql<string>`sum(coins)`.as('coins'), sql<string>`sum(missions)`.as('missions')])
        .where('creator_id', '=', creator.creatorId)
        .executeTakeFirstOrThrow();
      expect([Number(feed.coins), Number(feed.missions)], `settlement feed of creator ${creator.creatorId}`).toEqual([
        coins,
        completed.length,
      ]);
    }

    // Files: in the S3 store, none on any process's disk, each readable (same bytes) through either API.
    const performed = missions.filter((mission) => mission.picture);
    expect(performed.length).toBeGreaterThan(0);
    const files = await db
      .selectFrom('files')
      .select(['id', 'storage_key'])
      .where(
        'id',
        'in',
        performed.map((mission) => mission.picture!.id),
      )
      .execute();
    for (const file of files) {
      expect(cluster.s3.objects.has(`/${cluster.s3Bucket}/${file.storage_key}`), file.storage_key).toBe(true);
    }
    for (const mission of performed) {
      const file = files.find((one) => one.id === mission.picture!.id)!;
      // The picture as stored (re-encoded from its pixels when uploaded), the same from either API.
      const stored = cluster.s3.objects.get(`/${cluster.s3Bucket}/${file.storage_key}`)!.body;
      for (const index of [0, 1]) {
        const response = await fetchFile(index, mission.picture!.s3Url);
        expect(response.status, `${mission.picture!.s3Url} from api-${index + 1}`).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(stored)).toBe(true);
      }
    }
    // A video player's range requests reach the store through either API too.
    for (const index of [0, 1]) {
      const { pathname, search } = new URL(performed[0]!.picture!.s3Url, 'http://localhost');
      const partial = await call(index, 'GET', `${pathname}${search}`, { headers: { range: 'bytes=0-7' } });
      expect(partial.status).toBe(206);
      expect(Buffer.from(await partial.arrayBuffer()).equals(PNG_1X1.subarray(0, 8))).toBe(true);
    }
    expect(cluster.s3.refused).toEqual([]);
    for (const child of [...cluster.apis, ...cluster.workers, ...cluster.relays]) {
      expect(await storedFiles(child.dataDir), `files on ${child.name}'s disk`).toEqual([]);
    }
    // The surviving processes are still up.
    for (const child of [...cluster.apis, cluster.workers[1]!, ...cluster.relays]) {
      expect(child.output().join('\n')).not.toMatch(/start-up failed/);
    }
  }, 420_000);
});

/** Every file under a process's data folder except the workflow bundle cache. */
async function storedFiles(dataDir: string): Promise<string[]> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('workflow-bundles'));
}
