// The outbox relay and both consumer transports against a real Kafka broker and real Postgres.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMAIN_EVENT_TYPES, type DomainEventPayload, type DomainEventType } from '@fanmission/contracts';
import { sql, type Transaction } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { startKafka } from '@fanmission/tests/harness/kafka';
import type { Database, Db } from '../db';
import { applyEvents, defineConsumer, type EventConsumer, type EventHandlers } from './consumer';
import { creatorPopularityConsumer } from '../creators';
import { createKafka, type KafkaEventsOptions } from './kafka';
import { readEventsHealth } from './lag';
import { EVENT_CONSUMERS } from '../runtime';
import { kafkaConsumerLag, startKafkaConsumers } from './kafka-transport';
import { domainEvent, recordEvents } from './outbox';
import type { RunningConsumers } from './postgres-consumers';
import { outboxRowToEvent } from './postgres-transport';
import { startRelay, type RunningRelay } from './relay';
import { drainOutbox } from '@fanmission/tests/support/outbox';

const testApp = useTestApp();
const db = (): Db => testApp.current.app.db;
const NOW = new Date('2026-04-01T00:00:00Z');
const running: Array<RunningRelay | RunningConsumers> = [];
let creatorId: number;

beforeAll(async () => {
  await sql`
    create table test_received (
      number bigint generated always as identity, consumer text, event_id uuid, type text, aggregate_id text,
      payload jsonb)`.execute(db());
  const creator = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
  creatorId = (
    await db().selectFrom('creators').select('id').where('user_id', '=', creator.id).executeTakeFirstOrThrow()
  ).id;
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((one) => one.stop()));
});

/** A fresh topic and group namespace per test on the shared broker. */
function kafkaOptions(brokers = inject('kafkaBrokers')): KafkaEventsOptions {
  return { brokers, namePrefix: `t${randomUUID().slice(0, 8)}.` };
}

/** Records every event it gets, in arrival order; `failOnce` makes it crash once at that event. */
function recorder(
  name: string,
  options: { failOnce?: (event: { aggregateId: string }) => boolean } = {},
): EventConsumer {
  let failed = false;
  const record = async (
    trx: Transaction<Database>,
    event: { id: string; type: string; aggregateId: string; payload: unknown },
  ) => {
    if (options.failOnce && !failed && options.failOnce(event)) {
      failed = true;
      throw new Error('consumer crashed mid-batch');
    }
    await sql`
      insert into test_received (consumer, event_id, type, aggregate_id, payload)
      values (${name}, ${event.id}, ${event.type}, ${event.aggregateId}, ${JSON.stringify(event.payload)})`.execute(
      trx,
    );
  };
  const handlers = Object.fromEntries(DOMAIN_EVENT_TYPES.map((type) => [type, record])) as EventHandlers;
  return defineConsumer(name, handlers);
}

async function received(consumer: string) {
  const { rows } = await sql<{
    event_id: string;
    type: string;
    aggregate_id: string;
    payload: Record<string, unknown>;
  }>`
    select event_id, type, aggregate_id, payload from test_received where consumer = ${consumer} order by number`.execute(
    db(),
  );
  return rows;
}

async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function relay(options: KafkaEventsOptions, batchSize?: number): Promise<RunningRelay> {
  const started = await startRelay(db(), createKafka(options, 'relay'), {
    ...options,
    pollIntervalMs: 20,
    ...(batchSize && { batchSize }),
  });
  running.push(started);
  return started;
}

async function consume(options: KafkaEventsOptions, consumers: EventConsumer[]): Promise<RunningConsumers> {
  const started = await startKafkaConsumers(db(), createKafka(options, 'consumers'), consumers, options);
  running.push(started);
  return started;
}

/** `mission.liked` of mission `key` whose userId carries a sequence number: order is checkable per key. */
const keyed = (key: number, sequence: number, creator = 999_999) =>
  domainEvent('mission.liked', { missionId: key, creatorId: creator, userId: sequence }, NOW);

async function unsent(): Promise<number> {
  const row = await db()
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const FIXTURES: { [T in DomainEventType]: DomainEventPayload<T> } = {
  'ledger.transaction.appended': {
    transactionId: 9_001,
    transactionType: 'MISSION_RELEASE',
    idempotencyKey: 'release-9001',
    occurredAt: NOW.toISOString(),
    postings: [
      { account: 'earnings:5', amount: 30 },
      { account: 'escrow:mission:77', amount: -30 },
    ],
    metadata: { missionId: 77, creatorId: 5 },
  },
  'creator.followed': { creatorId: 5, userId: 6 },
  'creator.unfollowed': { creatorId: 5, userId: 6 },
  'creator.penalized': { creatorId: 5, missionId: 77, level: 2 },
  'creator.payout-account-changed': { creatorId: 5, userId: 6, actorId: 6, changeId: 12 },
  'payment.bank-transfer-requested': { bankTransferId: 14, userId: 6 },
  'member.block-objection-decided': {
    userId: 6,
    objectionId: 3,
    operatorId: 1,
    decision: 'REJECTED',
    note: '광고 댓글',
  },
  'creator.reviewed': { creatorId: 5, userId: 6, operatorId: 1, reviewStatus: 'REJECTED', reason: 'Intro too short' },
  'creator.adult-flag-decided': { creatorId: 5, userId: 6, operatorId: 1, change: 'FLAGGED', reason: '노출 사진' },
  'creator.settlement-transfer-settled': {
    creatorId: 5,
    userId: 6,
    statementId: 12,
    result: 'PAID',
    transferDate: '2026-11-29',
    bankName: 'KB국민은행',
    accountLast4: '0004',
    amount: 98_000,
    reason: null,
  },
  'mission.requested': {
    missionId: 77,
    creatorId: 5,
    userId: 6,
    productId: 3,
    productType: 'CUSTOM',
    productName: '노래 한 곡',
    coinPrice: 30,
    status: 'REQUESTED',
  },
  'mission.rolled': { missionId: 77, creatorId: 5, userId: 6, productName: 'lucky', coins: 5, success: false },
  'mission.accepted': { missionId: 77, creatorId: 5, userId: 6, productName: 'p', performDueAt: NOW.toISOString() },
  'mission.completed': {
    missionId: 77,
    creatorId: 5,
    userId: 6,
    productName: 'p',
    productType: 'BASIC',
    coins: 30,
    completedAt: NOW.toISOString(),
    onTime: true,
  },
  'mission.rejected': {
    missionId: 77,
    creatorId: 5,
    userId: 6,
    productName: 'p',
    reason: 'PERFORM_EXPIRED',
    feedback: 'sorry',
    refundedCoins: 30,
  },
  'mission.deadline-approaching': {
    missionId: 77,
    creatorId: 5,
    userId: 6,
    productName: 'p',
    deadline: 'PERFORM',
    dueAt: '2026-03-05T03:00:00.000Z',
    beforeMs: 7_200_000,
  },
  'mission.review-reminder': { missionId: 77, creatorId: 5, userId: 6, productName: 'p' },
  'mission.liked': { missionId: 77, creatorId: 5, userId: 6 },
  'mission.unliked': { missionId: 77, creatorId: 5, userId: 6 },
  'mission.commented': {
    missionId: 77,
    creatorId: 5,
    userId: 6,
    commentId: 12,
    authorId: 8,
    parentCommentId: null,
    parentAuthorId: null,
    excerpt: '멋져요',
  },
  'mission.comment-reports-decided': { missionId: 77, commentId: 12, outcome: 'DISMISSED', reporterIds: [6, 9] },
  'event.applied': { missionId: 78, creatorId: 5, userId: 6, productId: 9, title: 'Birthday draw' },
  'event.drawn': {
    missionId: 78,
    creatorId: 5,
    userId: 6,
    productId: 9,
    title: 'Birthday draw',
    won: true,
    automatic: false,
    prizeDueAt: '2026-01-08T00:00:00.000Z',
  },
  'event.canceled': { missionId: 78, creatorId: 5, userId: 6, productId: 9, title: 'Birthday draw' },
};

describe('outbox → Kafka → consumers', () => {
  it('carries every event type to the same handler result as the Postgres transport', async () => {
    const options = kafkaOptions();
    const recorded = await recordEvents(
      db(),
      DOMAIN_EVENT_TYPES.map((type) => domainEvent(type, FIXTURES[type] as never, NOW)),
    );
    await drainOutbox(db(), { consumers: [recorder('every-type-pg')] });
    await relay(options);
    await consume(options, [recorder('every-type-kafka')]);
    const ids = new Set(recorded.map((event) => event.id));
    const mine = async (consumer: string) => (await received(consumer)).filter((row) => ids.has(row.event_id));
    await waitFor('every event type over Kafka', async () => (await mine('every-type-kafka')).length === ids.size);

    const byId = (rows: Awaited<ReturnType<typeof mine>>) =>
      Object.fromEntries(rows.map(({ event_id, ...rest }) => [event_id, rest]));
    const overPostgres = byId(await mine('every-type-pg'));
    expect(Object.keys(overPostgres)).toHaveLength(DOMAIN_EVENT_TYPES.length);
    expect(byId(await mine('every-type-kafka'))).toEqual(overPostgres);
    for (const event of recorded) {
      expect(overPostgres[event.id]).toEqual({
        type: event.type,
        aggregate_id: event.aggregateId,
        payload: event.payload,
      });
    }
  });

  it('keeps each aggregate’s order across a relay restart', async () => {
    const options = kafkaOptions();
    const keys = [101, 102, 103, 104, 105];
    // Interleaved keys, each write its own transaction, 60 per key.
    const late: string[] = [];
    for (let sequence = 1; sequence <= 60; sequence += 1) {
      const written = await recordEvents(
        db(),
        keys.map((key) => keyed(key, sequence)),
      );
      if (sequence > 40) late.push(...written.map((event) => event.id));
    }
    // Another "relay" holds sequences 41–60 of every key, so the first relay deterministically stops mid-stream:
    // it publishes 1–40 of each key and holds back everything after the locked rows of the same aggregate.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = db()
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('outbox').select('position').where('id', 'in', late).forUpdate().execute();
        locked();
        await released;
      });
    await lockTaken;
    const first = await relay(options, 40);
    await consume(options, [recorder('ordered')]);
    await waitFor('sequences 1–40 of every key to be published', async () => (await unsent()) === 100);
    await first.stop();
    running.splice(running.indexOf(first), 1);
    release();
    await holder;
    expect(await unsent()).toBe(100);
    for (let sequence = 61; sequence <= 80; sequence += 1)
      await recordEvents(
        db(),
        keys.map((key) => keyed(key, sequence)),
      );
    await relay(options);
    await waitFor(
      'all 400 events',
      async () => (await received('ordered')).filter((row) => keys.includes(Number(row.aggregate_id))).length >= 400,
    );

    const rows = (await received('ordered')).filter((row) => keys.includes(Number(row.aggregate_id)));
    for (const key of keys) {
      const sequences = rows.filter((row) => Number(row.aggregate_id) === key).map((row) => row.payload.userId);
      expect(sequences).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    }
  });

  it('resumes after a consumer crash mid-batch with no lost or doubled effect', async () => {
    const options = kafkaOptions();
    const events = await recordEvents(
      db(),
      Array.from({ length: 50 }, (_, i) => keyed(200 + (i % 3), i + 1)),
    );
    const ids = new Set(events.map((event) => event.id));
    // A previous run applied the first 20 and crashed before committing any Kafka offset: they come again.
    const name = 'crash-resume';
    const crashing = recorder(name, { failOnce: (event) => event.aggregateId === '201' });
    await db()
      .transaction()
      .execute(async (trx) => {
        const rows = await trx
          .selectFrom('outbox')
          .selectAll()
          .where('id', 'in', [...ids].slice(0, 20))
          .orderBy('position')
          .execute();
        await applyEvents(trx, recorder(name), rows.map(outboxRowToEvent));
      });
    await relay(options);
    const consumers = await consume(options, [crashing]);
    const mine = async () => (await received(name)).filter((row) => ids.has(row.event_id));
    await waitFor('all 50 events', async () => (await mine()).length >= 50);
    // A new consumer instance of the same group starts from the committed offsets.
    await consumers.stop();
    running.splice(running.indexOf(consumers), 1);
    await recordEvents(db(), [keyed(201, 51)]);
    await consume(options, [recorder(name)]);
    await waitFor(
      'the 51st event',
      async () =>
        (await mine()).length >= 50 &&
        (await received(name)).some((row) => row.payload.userId === 51 && row.aggregate_id === '201'),
    );
    const rows = await mine();
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => row.event_id)).size).toBe(50);
    expect(
      (await received(name)).filter((row) => row.aggregate_id === '201' && row.payload.userId === 51),
    ).toHaveLength(1);
  });

  it('applies a mailing consumer one event a transaction: a mail server refusing the third mail sends none twice', async () => {
    const options = kafkaOptions();
    const events = await recordEvents(
      db(),
      Array.from({ length: 6 }, (_, i) => keyed(300, i + 1)),
    );
    const ids = new Set(events.map((event) => event.id));
    const mailed: string[] = [];
    const handled = new Set<string>();
    let refused = false;
    const mail = async (_trx: Transaction<Database>, event: { id: string }) => {
      handled.add(event.id);
      if (!ids.has(event.id)) return;
      if (mailed.length === 2 && !refused) {
        refused = true;
        throw new Error('mail server unavailable');
      }
      mailed.push(event.id);
    };
    const handlers = Object.fromEntries(DOMAIN_EVENT_TYPES.map((type) => [type, mail])) as EventHandlers;
    await relay(options);
    await consume(options, [defineConsumer('mailer', handlers, { eventsPerTransaction: 1 })]);
    await waitFor('six mails', async () => mailed.length >= 6);
    // A later event of the same mission (same key, same partition, no mail): once it is handled, a mail sent twice
    // would have been sent before it.
    const [marker] = await recordEvents(db(), [keyed(300, 7)]);
    await waitFor('the later event handled', async () => handled.has(marker!.id));
    expect(refused).toBe(true);
    expect(mailed).toEqual(events.map((event) => event.id));
  });

  it('runs two relays at once: every event delivered, effects exactly once', async () => {
    const options = kafkaOptions();
    const before = await likes();
    await relay(options);
    await relay(options);
    await consume(options, [creatorPopularityConsumer, recorder('two-relays')]);
    const events = [];
    for (let i = 0; i < 20; i += 1) {
      events.push(
        ...(await recordEvents(
          db(),
          Array.from({ length: 25 }, (_, j) => keyed(300 + j, i + 1, creatorId)),
        )),
      );
    }
    const ids = new Set(events.map((event) => event.id));
    await waitFor('500 likes', async () => (await likes()) - before >= 500);
    await waitFor('everything sent', async () => (await unsent()) === 0);
    // The recorder is a consumer of its own: it may still be catching up when the popularity counters are complete.
    const mine = async () => (await received('two-relays')).filter((row) => ids.has(row.event_id));
    await waitFor('the recorder to see all 500', async () => (await mine()).length >= 500);
    const rows = await mine();
    expect(rows).toHaveLength(500);
    expect(await likes()).toBe(before + 500);
    for (let j = 0; j < 25; j += 1) {
      const sequences = rows.filter((row) => Number(row.aggregate_id) === 300 + j).map((row) => row.payload.userId);
      expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }
    // Offsets are committed after each batch's effects: the lag reaches 0 once the last commit lands.
    await waitFor(
      'no popularity lag',
      async () => (await kafkaConsumerLagOf(options, creatorPopularityConsumer)).pendingEvents === 0,
    );
  });
});

async function likes(): Promise<number> {
  const row = await db()
    .selectFrom('creator_popularity')
    .select('like_count')
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  return row?.like_count ?? 0;
}

async function kafkaConsumerLagOf(options: KafkaEventsOptions, consumer: EventConsumer) {
  const admin = createKafka(options, 'lag').admin();
  await admin.connect();
  try {
    return await kafkaConsumerLag(admin, consumer, options);
  } finally {
    await admin.disconnect();
  }
}

describe('a broker outage', () => {
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loses nothing: 1,000 events written while the broker is down for 30 s arrive once it is back', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fanmission-outage-'));
    let broker = await startKafka({ dataDir });
    const port = Number(broker.brokers[0]!.split(':')[1]);
    const options = kafkaOptions(broker.brokers);
    const errors: unknown[] = [];
    const before = await likes();
    running.push(
      await startRelay(db(), createKafka(options, 'relay'), {
        ...options,
        pollIntervalMs: 20,
        onError: (e) => errors.push(e),
      }),
    );
    await consume(options, [creatorPopularityConsumer, recorder('outage')]);
    await recordEvents(db(), [keyed(399, 1, creatorId)]);
    await waitFor('the first like', async () => (await likes()) === before + 1);

    await broker.stop();
    const stoppedAt = Date.now();
    const events = [];
    for (let i = 0; i < 100; i += 1) {
      events.push(
        ...(await recordEvents(
          db(),
          Array.from({ length: 10 }, (_, j) => keyed(400 + j, i + 1, creatorId)),
        )),
      );
    }
    // The outage lasts until the health reads the relay's oldest unsent event as 30 s old.
    let down = await readEventsHealth(db(), testApp.current.config, EVENT_CONSUMERS, options);
    await waitFor(
      'a 30 s outage',
      async () => {
        down = await readEventsHealth(db(), testApp.current.config, EVENT_CONSUMERS, options);
        return (down.relay?.oldestUnsentSeconds ?? 0) >= 30;
      },
      90_000,
    );
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(20_000);
    expect(await unsent()).toBeGreaterThanOrEqual(1_000);
    expect(errors.length).toBeGreaterThan(0);
    // Health shows the outage and the relay's backlog.
    expect(down).toMatchObject({ status: 'DOWN', transport: 'kafka' });
    expect(down.relay?.unsentEvents).toBeGreaterThanOrEqual(1_000);
    expect(down.relay?.oldestUnsentSeconds).toBeGreaterThan(20);

    broker = await startKafka({ dataDir, port });
    try {
      await waitFor('1,000 likes after the restart', async () => (await likes()) >= before + 1_001, 120_000);
      await waitFor('the outbox emptied', async () => (await unsent()) === 0);
      const ids = new Set(events.map((event) => event.id));
      const mine = async () => (await received('outage')).filter((row) => ids.has(row.event_id));
      // The recorder is a consumer of its own and may still be catching up when the counters are complete.
      await waitFor('the recorder to see all 1,000', async () => (await mine()).length >= 1_000, 120_000);
      const rows = await mine();
      expect(new Set(rows.map((row) => row.event_id)).size).toBe(1_000);
      expect(rows).toHaveLength(1_000);
      expect(await likes()).toBe(before + 1_001);
      // Offsets are committed after each batch's effects: the reported lag reaches 0 once the last commit lands.
      await waitFor('no popularity lag on the health report', async () => {
        const health = await readEventsHealth(db(), testApp.current.config, EVENT_CONSUMERS, options);
        return health.consumers.find((lag) => lag.consumer === 'creator-popularity')?.pendingEvents === 0;
      });
      const up = await readEventsHealth(db(), testApp.current.config, EVENT_CONSUMERS, options);
      expect(up).toMatchObject({ status: 'UP', relay: { unsentEvents: 0, oldestUnsentSeconds: null } });
    } finally {
      await Promise.all(running.splice(0).map((one) => one.stop()));
      await broker.stop();
    }
  }, 240_000);
});
