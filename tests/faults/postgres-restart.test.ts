import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, verify, walletAccount } from '@fanmission/ledger';
import { buildApp } from '@fanmission/services/app';
import { createDb, ensureDatabase, migrateToLatest, startEmbeddedPostgres, type Db } from '@fanmission/services/db';
import { createDevMailbox } from '@fanmission/services/mail';
import { EVENT_CONSUMERS, freePort } from '@fanmission/services/runtime';
import type { TestAccount } from '@fanmission/tests/harness/accounts';
import { GENEROUS_RATE_LIMITS, testConfig } from '@fanmission/tests/harness/app';
import { startServedTemporal, type ServedTemporal } from '@fanmission/tests/harness/served-temporal';
import { basicRequest, createFan, createProduct, createVerifiedCreator } from '@fanmission/tests/support/missions';

/*
 * Faults: the API's PostgreSQL server is stopped and started again while a fan keeps requesting missions
 * (coins into escrow) and reading his profile. While it is down every answer is 503 (never 500); once it is back the
 * same API process answers again without a restart; a request retried with its Idempotency-Key after a 503 makes one
 * mission, not two; the coins held equal the missions made (0 lost, 0 made up) and the ledger verifies clean.
 *
 * A PostgreSQL server of this file's own (the run's shared one cannot be stopped), a Temporal test server and worker.
 */

const PRICE = 10;
const FUNDED = 1_000;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-fault-pg-'));
let port: number;
let postgres: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
let db: Db;
let app: FastifyInstance;
let temporal: ServedTemporal;
let fan: TestAccount;
let productId: number;

const startPostgres = () =>
  startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'data'),
    port,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });

beforeAll(async () => {
  port = await freePort();
  postgres = await startPostgres();
  await ensureDatabase(postgres.url, 'fanmission');
  const url = postgres.urlFor('fanmission');
  const migrator = createDb(url, { max: 1 });
  try {
    await migrateToLatest(migrator);
  } finally {
    await migrator.destroy();
  }
  // Production's connection wait is 5 s; 1 s keeps the outage part of this file short.
  db = createDb(url, { max: 10, connectionTimeoutMs: 1_000 });
  const config = testConfig();
  temporal = await startServedTemporal();
  app = await buildApp({
    config,
    db,
    logger: false,
    rateLimits: GENEROUS_RATE_LIMITS,
    eventConsumers: EVENT_CONSUMERS,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
    temporal: temporal.access,
  });
  await app.ready();
  await temporal.startWorker(db, config);
  fan = await createFan(app, FUNDED);
  const creator = await createVerifiedCreator(app);
  productId = await createProduct(db, creator.creatorId, 'BASIC', { coinPrice: PRICE });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await temporal?.stop();
  await db?.destroy();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const requestMission = (key: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/missions',
    headers: { ...fan.headers, 'idempotency-key': key },
    payload: basicRequest(productId),
  });
const profile = () => app.inject({ method: 'GET', url: '/api/v1/users/me', headers: fan.headers });

describe('PostgreSQL stopped and restarted under requests', () => {
  it('answers 503 while it is down, recovers by itself, and loses no coin', async () => {
    const statuses: number[] = [];
    const keys: string[] = [];
    const unanswered: string[] = [];
    const round = async () => {
      const key = `fault-${randomUUID()}`;
      keys.push(key);
      const [mission, me] = await Promise.all([requestMission(key), profile()]);
      statuses.push(mission.statusCode, me.statusCode);
      if (mission.statusCode !== 200) unanswered.push(key);
      return [mission.statusCode, me.statusCode];
    };

    for (let i = 0; i < 4; i += 1) expect(await round()).toEqual([200, 200]);

    // Stopped while requests are in flight.
    const inFlight = Promise.all([round(), round(), round()]);
    await postgres.stop();
    await inFlight;
    for (let i = 0; i < 3; i += 1) {
      const answers = await round();
      expect(answers).toEqual([503, 503]);
    }
    const down = await profile();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBeDefined();

    postgres = await startPostgres();
    // The pool drops the connections the restart broke and opens new ones: a few 503s at most, then answers again.
    let recovered = false;
    for (let attempt = 0; attempt < 20 && !recovered; attempt += 1) {
      const [mission, me] = await round();
      recovered = mission === 200 && me === 200;
    }
    expect(recovered, `statuses: ${statuses.join(' ')}`).toBe(true);
    for (let i = 0; i < 3; i += 1) expect(await round()).toEqual([200, 200]);

    if (process.env.FANMISSION_TEST_TIMINGS) console.log(`[faults] statuses: ${statuses.join(' ')}`);
    // Never a 500, only answers or "try again".
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);

    // Every request that got a 503 is retried with its key: one mission per key, whatever happened before.
    for (const key of unanswered) expect((await requestMission(key)).statusCode).toBe(200);
    const missions = await db
      .selectFrom('missions')
      .select(['id', 'idempotency_key'])
      .where('user_id', '=', fan.id)
      .execute();
    expect(missions.map((mission) => mission.idempotency_key).sort()).toEqual([...keys].sort());

    // 0 money lost: what left the wallet is what the missions hold, and the ledger replays clean.
    expect((await balance(db, walletAccount(fan.id))).balance).toBe(FUNDED - PRICE * keys.length);
    const escrowed = await db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.sum<string>('balance').as('total'))
      .where('account', 'like', 'escrow:mission:%')
      .executeTakeFirstOrThrow();
    expect(Number(escrowed.total)).toBe(PRICE * keys.length);
    const report = await verify(db);
    expect(report.differences).toEqual([]);
  }, 120_000);
});
