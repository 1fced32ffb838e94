import { holdForMission, purchase } from '@fanmission/ledger';
import { sql, type Transaction } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import type { Database, Db } from '../db';
import { applyEvents, defineConsumer, type EventConsumer } from './consumer';
import { parkNextEvent } from './dead-letters';
import { creatorPopularityConsumer } from '../creators';
import { domainEvent, recordEvents } from './outbox';
import { nextPollPause, startPostgresConsumers } from './postgres-consumers';
import {
  consumeOutboxBatch,
  consumeOutboxGroup,
  outboxRowToEvent,
  postgresConsumerLag,
  readCheckpoint,
} from './postgres-transport';
import { drainOutbox } from '@fanmission/tests/support/outbox';

const testApp = useTestApp();
const db = (): Db => testApp.current.app.db;
const NOW = new Date('2026-03-01T00:00:00Z');

let fan: TestAccount;
let creator: TestAccount;
let creatorId: number;

beforeAll(async () => {
  fan = await createAccount(testApp.current.app);
  creator = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
  creatorId = (
    await db().selectFrom('creators').select('id').where('user_id', '=', creator.id).executeTakeFirstOrThrow()
  ).id;
});

/** A consumer recording, in a table of the test's own, the events it saw in the order it saw them. */
async function recordingConsumer(name: string, failOnce?: (sequence: number) => boolean): Promise<EventConsumer> {
  await sql`create table if not exists test_seen (consumer text, sequence int, event_id uuid, type text)`.execute(db());
  let failed = false;
  const record = async (trx: Transaction<Database>, event: { id: string; type: string; payload: unknown }) => {
    const sequence = (event.payload as { missionId: number }).missionId;
    if (failOnce && !failed && failOnce(sequence)) {
      failed = true;
      throw new Error(`consumer crashed at event ${sequence}`);
    }
    await sql`insert into test_seen values (${name}, ${sequence}, ${event.id}, ${event.type})`.execute(trx);
  };
  return defineConsumer(name, { 'mission.liked': record, 'creator.followed': record });
}

async function seen(name: string): Promise<{ sequence: number; event_id: string }[]> {
  const { rows } = await sql<{ sequence: number; event_id: string }>`
    select sequence, event_id from test_seen where consumer = ${name} order by ctid`.execute(db());
  return rows;
}

/** `mission.liked` events whose missionId is a sequence number the recording consumer reads back (no such creator). */
const liked = (sequence: number) =>
  domainEvent('mission.liked', { missionId: sequence, creatorId: 999_999, userId: 1 }, NOW);

describe('ledger transactions in the outbox', () => {
  it('writes ledger.transaction.appended with the postings in the same DB transaction', async () => {
    const entry = await purchase(db(), {
      userId: fan.id,
      coins: 30,
      paymentId: `pay-${Date.now()}`,
      idempotencyKey: `purchase-${Date.now()}`,
      now: NOW,
    });
    const row = await db()
      .selectFrom('outbox')
      .selectAll()
      .where('aggregate_type', '=', 'ledger')
      .where('aggregate_id', '=', String(entry.transactionId))
      .executeTakeFirstOrThrow();
    expect(row.type).toBe('ledger.transaction.appended');
    expect(row.payload).toEqual({
      transactionId: entry.transactionId,
      transactionType: 'PURCHASE',
      idempotencyKey: entry.idempotencyKey,
      occurredAt: NOW.toISOString(),
      postings: entry.postings,
      metadata: entry.metadata,
    });
  });

  it('writes nothing when the ledger refuses or the caller rolls back', async () => {
    const before = await countOutbox();
    await expect(
      holdForMission(db(), {
        userId: fan.id,
        missionId: 999_001,
        coins: 1_000_000,
        idempotencyKey: 'too-much',
        now: NOW,
      }),
    ).rejects.toThrow();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await holdForMission(trx, {
            userId: fan.id,
            missionId: 999_002,
            coins: 1,
            idempotencyKey: 'rolled',
            now: NOW,
          });
          throw new Error('caller fails after the hold');
        }),
    ).rejects.toThrow('caller fails');
    expect(await countOutbox()).toBe(before);
  });
});

async function countOutbox(): Promise<number> {
  const row = await db()
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('Postgres transport', () => {
  it('never skips an event of a transaction that commits after a later one', async () => {
    const consumer = await recordingConsumer('late-commit');
    await drainOutbox(db(), { consumers: [consumer] });
    let releaseEarly!: () => void;
    let earlyWritten!: () => void;
    const written = new Promise<void>((resolve) => (earlyWritten = resolve));
    // The early transaction takes the smaller position, then stays open while the later one commits.
    const early = db()
      .transaction()
      .execute(async (trx) => {
        await recordEvents(trx, [liked(1)]);
        earlyWritten();
        await new Promise<void>((resolve) => (releaseEarly = resolve));
      });
    await written;
    await recordEvents(db(), [liked(2)]);
    expect(await consumeOutboxBatch(db(), consumer)).toBe(0);
    expect(await seen('late-commit')).toEqual([]);
    releaseEarly();
    await early;
    await drainOutbox(db(), { consumers: [consumer] });
    expect((await seen('late-commit')).map((row) => row.sequence)).toEqual([1, 2]);
  });

  it('orders transaction ids as numbers, not text, across a digit boundary (9 before 10)', async () => {
    const consumer = await recordingConsumer('digit-boundary');
    for (const [transactionId, sequence] of [
      ['10', 9002],
      ['9', 9001],
    ] as const) {
      const [event] = await recordEvents(db(), [liked(sequence)]);
      // Pretend the row was written by an old transaction with this id (the reader takes ids below its xmin).
      await sql`update outbox set transaction_id = ${transactionId}::xid8 where id = ${event!.id}`.execute(db());
    }
    // One row per batch: each batch starts from the previous checkpoint, which text order would have skipped past.
    while ((await consumeOutboxBatch(db(), consumer, { batchSize: 1 })) > 0);
    const sequences = (await seen('digit-boundary')).map((row) => row.sequence).filter((sequence) => sequence > 9000);
    expect(sequences).toEqual([9001, 9002]);
  });

  it('resumes from its checkpoint after a crash mid-batch, with no lost or doubled effect', async () => {
    const consumer = await recordingConsumer('crashing', (sequence) => sequence === 13);
    await drainOutbox(db(), { consumers: [consumer] });
    await sql`delete from test_seen where consumer = 'crashing'`.execute(db());
    const before = await readCheckpoint(db(), 'crashing');
    await recordEvents(
      db(),
      Array.from({ length: 20 }, (_, i) => liked(10 + i)),
    );
    await expect(consumeOutboxBatch(db(), consumer)).rejects.toThrow('crashed at event 13');
    expect(await readCheckpoint(db(), 'crashing')).toEqual(before);
    expect(await seen('crashing')).toEqual([]);
    await drainOutbox(db(), { consumers: [consumer] });
    expect((await seen('crashing')).map((row) => row.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => 10 + i));
    expect((await postgresConsumerLag(db(), 'crashing')).pendingEvents).toBe(0);
  });

  it('tells afterCommit of the events applied once committed, never of a batch rolled back', async () => {
    const recording = await recordingConsumer('after-commit', (sequence) => sequence === 72);
    await drainOutbox(db(), { consumers: [recording] });
    const reported: number[][] = [];
    const consumer: EventConsumer = {
      ...recording,
      afterCommit: (applied) =>
        reported.push(applied.map((event) => (event.payload as { missionId: number }).missionId)),
    };
    await recordEvents(db(), [liked(71), liked(72)]);
    await expect(consumeOutboxBatch(db(), consumer)).rejects.toThrow('crashed at event 72');
    expect(reported).toEqual([]);
    await drainOutbox(db(), { consumers: [consumer] });
    expect(reported).toEqual([[71, 72]]);
  });

  it('applies an event once even when it arrives twice', async () => {
    const consumer = await recordingConsumer('duplicates');
    const [event] = await recordEvents(db(), [liked(50)]);
    await drainOutbox(db(), { consumers: [consumer] });
    // The same event again, as a Kafka redelivery or a second relay would bring it.
    await db()
      .transaction()
      .execute((trx) => applyEvents(trx, consumer, [event!, event!]));
    await drainOutbox(db(), { consumers: [consumer] });
    expect((await seen('duplicates')).filter((row) => row.sequence === 50)).toHaveLength(1);
  });

  it('reports lag as the events after the checkpoint and the age of the oldest', async () => {
    const consumer = await recordingConsumer('lagging');
    await drainOutbox(db(), { consumers: [consumer] });
    await recordEvents(db(), [liked(60), liked(61)]);
    const lag = await postgresConsumerLag(db(), 'lagging');
    expect(lag.pendingEvents).toBe(2);
    expect(lag.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
    expect(lag.oldestPendingSeconds).toBeLessThan(60);
    await drainOutbox(db(), { consumers: [consumer] });
    expect(await postgresConsumerLag(db(), 'lagging')).toEqual({
      consumer: 'lagging',
      pendingEvents: 0,
      oldestPendingSeconds: null,
    });
  });
});

/** `db()` counting the statements that read the outbox and those that write a checkpoint. */
function countingOutboxStatements() {
  const counts = { outboxReads: 0, checkpointWrites: 0, outboxReadsAt: [] as number[] };
  const counted = db().withPlugin({
    transformQuery: (args) => {
      const text = JSON.stringify(args.node);
      if (/from outbox\b/.test(text)) {
        counts.outboxReads += 1;
        counts.outboxReadsAt.push(performance.now());
      }
      if (/insert into event_consumer_checkpoints/.test(text)) counts.checkpointWrites += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { counts, db: counted };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Drains the consumers past every event so far and forgets what they saw: the test's events are then theirs alone. */
async function caughtUp(consumers: EventConsumer[]): Promise<void> {
  await drainOutbox(db(), { consumers });
  for (const consumer of consumers) await sql`delete from test_seen where consumer = ${consumer.name}`.execute(db());
}

describe('one reader for every consumer', () => {
  it('reads the outbox once and writes the checkpoints once per poll for consumers at one checkpoint', async () => {
    const consumers = await Promise.all(['shared-a', 'shared-b', 'shared-c'].map((name) => recordingConsumer(name)));
    await caughtUp(consumers);
    await recordEvents(db(), [liked(101), liked(102), liked(103)]);
    const { counts, db: counted } = countingOutboxStatements();
    const results = await consumeOutboxGroup(
      counted,
      consumers.map((consumer) => ({ consumer, limit: 500 })),
    );
    expect(counts).toMatchObject({ outboxReads: 1, checkpointWrites: 1 });
    for (const consumer of consumers) {
      expect(results.get(consumer.name)).toEqual({ read: 3, full: false });
      expect((await seen(consumer.name)).map((row) => row.sequence)).toEqual([101, 102, 103]);
      expect((await postgresConsumerLag(db(), consumer.name)).pendingEvents).toBe(0);
    }
  });

  it("rolls back only the failing consumer's work: the others' effects and checkpoints commit", async () => {
    const healthy = await recordingConsumer('savepoint-healthy');
    const failing = await recordingConsumer('savepoint-failing', (sequence) => sequence === 112);
    await caughtUp([healthy, failing]);
    const before = await readCheckpoint(db(), 'savepoint-failing');
    await recordEvents(db(), [liked(111), liked(112), liked(113)]);
    const polls = [healthy, failing].map((consumer) => ({ consumer, limit: 500 }));

    const first = await consumeOutboxGroup(db(), polls);
    expect(first.get('savepoint-healthy')).toEqual({ read: 3, full: false });
    expect(String((first.get('savepoint-failing') as { error: unknown }).error)).toContain('crashed at event 112');
    expect((await seen('savepoint-healthy')).map((row) => row.sequence)).toEqual([111, 112, 113]);
    // Event 111 applied before the failure is undone with it: the failing consumer starts again from its checkpoint.
    expect(await seen('savepoint-failing')).toEqual([]);
    expect(await readCheckpoint(db(), 'savepoint-failing')).toEqual(before);

    // Behind the others now: it reads from its own checkpoint, they read nothing new.
    const second = await consumeOutboxGroup(db(), polls);
    expect(second.get('savepoint-healthy')).toEqual({ read: 0, full: false });
    expect(second.get('savepoint-failing')).toEqual({ read: 3, full: false });
    expect((await seen('savepoint-failing')).map((row) => row.sequence)).toEqual([111, 112, 113]);
    expect(await readCheckpoint(db(), 'savepoint-failing')).toEqual(await readCheckpoint(db(), 'savepoint-healthy'));
  });

  it('keeps polling the other consumers while one retries its poison event', async () => {
    const healthy = await recordingConsumer('poll-healthy');
    await sql`create table if not exists test_seen (consumer text, sequence int, event_id uuid, type text)`.execute(
      db(),
    );
    const poisoned = defineConsumer('poll-poisoned', {
      'mission.liked': async (trx, event) => {
        if (event.payload.missionId === 122) throw new Error('cannot decode event 122');
        await sql`insert into test_seen values ('poll-poisoned', ${event.payload.missionId}, ${event.id}, ${event.type})`.execute(
          trx,
        );
      },
    });
    await caughtUp([healthy, poisoned]);
    await recordEvents(db(), [liked(121), liked(122), liked(123)]);
    const running = startPostgresConsumers(db(), [healthy, poisoned], { pollIntervalMs: 5, maxAttempts: 1_000 });
    try {
      await until('the healthy consumer past every event', async () => (await seen('poll-healthy')).length === 3);
      await recordEvents(db(), [liked(124)]);
      await until('the next event too', async () => (await seen('poll-healthy')).length === 4);
    } finally {
      await running.stop();
    }
    expect(await seen('poll-poisoned')).toEqual([expect.objectContaining({ sequence: 121 })]);
  });

  it('passes over, with the next event it acts on, the events a one-event-a-transaction consumer does nothing with', async () => {
    // Acts on the tens only (as a mail consumer acts on the ledger transactions that notify someone).
    const tens = await recordingConsumer('one-a-transaction');
    const consumer = defineConsumer('one-a-transaction', tens.handlers, {
      eventsPerTransaction: 1,
      concerns: (event) => (event.payload as { missionId: number }).missionId % 10 === 0,
    });
    await caughtUp([consumer]);
    const processedRows = async () =>
      (
        await sql<{ count: number }>`
          select count(*)::int as count from event_consumer_processed where consumer = ${consumer.name}`.execute(db())
      ).rows[0]!.count;
    const processedBefore = await processedRows();
    await recordEvents(db(), [141, 142, 143, 150, 144, 145, 160, 146].map(liked));
    const polls = [{ consumer, limit: 1 }];
    const { counts, db: counted } = countingOutboxStatements();

    expect((await consumeOutboxGroup(counted, polls)).get(consumer.name)).toEqual({ read: 4, full: true });
    expect((await seen(consumer.name)).map((row) => row.sequence)).toEqual([150]);
    expect((await consumeOutboxGroup(counted, polls)).get(consumer.name)).toEqual({ read: 3, full: true });
    expect((await consumeOutboxGroup(counted, polls)).get(consumer.name)).toEqual({ read: 1, full: false });
    expect(counts.outboxReads).toBe(3);
    expect((await seen(consumer.name)).map((row) => row.sequence)).toEqual([150, 160]);
    expect((await postgresConsumerLag(db(), consumer.name)).pendingEvents).toBe(0);
    // Only what it acted on is recorded as processed.
    expect((await processedRows()) - processedBefore).toBe(2);

    // One consumer's own turn takes as much.
    await recordEvents(db(), [171, 170, 172].map(liked));
    expect(await consumeOutboxBatch(db(), consumer)).toBe(2);
    expect(await consumeOutboxBatch(db(), consumer)).toBe(1);
    expect(await consumeOutboxBatch(db(), consumer)).toBe(0);
    expect((await seen(consumer.name)).map((row) => row.sequence)).toEqual([150, 160, 170]);
  });

  it('parks the event a consumer failed on, not an event it passes over before it', async () => {
    await sql`create table if not exists test_seen (consumer text, sequence int, event_id uuid, type text)`.execute(
      db(),
    );
    const poisoned = defineConsumer(
      'park-concerning',
      {
        'mission.liked': async () => {
          throw new Error('cannot send it');
        },
      },
      { eventsPerTransaction: 1, concerns: (event) => (event.payload as { missionId: number }).missionId === 180 },
    );
    await drainOutbox(db(), { consumers: [poisoned] });
    await recordEvents(db(), [liked(181), liked(180), liked(182)]);
    const failed = await consumeOutboxGroup(db(), [{ consumer: poisoned, limit: 1 }]);
    expect(String((failed.get('park-concerning') as { error: unknown }).error)).toContain('cannot send it');

    const parked = await parkNextEvent(db(), poisoned, 10, new Error('cannot send it'));
    expect(parked?.event.payload).toMatchObject({ missionId: 180 });
    const { rows } = await sql<{ mission: string }>`
      select event->'payload'->>'missionId' as mission from event_consumer_dead_letters
      where consumer = 'park-concerning'`.execute(db());
    expect(rows.map((row) => row.mission)).toEqual(['180']);
    expect(await consumeOutboxBatch(db(), poisoned)).toBe(1);
    expect((await postgresConsumerLag(db(), poisoned.name)).pendingEvents).toBe(0);
  });

  it('polls an idle outbox less and less often, up to maxIdlePollMs, and at once again after work', async () => {
    expect(nextPollPause(0, 'idle', { pollIntervalMs: 100, maxIdlePollMs: 1_000 })).toBe(100);
    const pauses: number[] = [];
    for (let last = 0, n = 0; n < 6; n += 1) {
      last = nextPollPause(last, 'idle', { pollIntervalMs: 100, maxIdlePollMs: 1_000 });
      pauses.push(last);
    }
    expect(pauses).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    expect(nextPollPause(1_000, 'worked', { pollIntervalMs: 100, maxIdlePollMs: 1_000 })).toBe(100);
    expect(nextPollPause(1_000, 'full', { pollIntervalMs: 100, maxIdlePollMs: 1_000 })).toBe(0);

    // An idle outbox polled every 5 ms at first: by its tenth read the pause between two reads has grown to the
    // 100 ms ceiling (5, 10, 20, 40, 80, 100...), where reads every 5 ms would never leave such a gap.
    const consumer = await recordingConsumer('idle-backoff');
    await caughtUp([consumer]);
    const { counts, db: counted } = countingOutboxStatements();
    const running = startPostgresConsumers(counted, [consumer], { pollIntervalMs: 5, maxIdlePollMs: 100 });
    try {
      await until('ten reads of the idle outbox', async () => counts.outboxReads >= 10, 10_000);
      const gaps = counts.outboxReadsAt.slice(1, 10).map((at, n) => at - counts.outboxReadsAt[n]!);
      expect(Math.max(...gaps), `gaps between reads: ${gaps.map(Math.round).join(', ')} ms`).toBeGreaterThanOrEqual(99);
      await recordEvents(db(), [liked(131)]);
      await until('the event applied', async () => (await seen('idle-backoff')).length === 1, 2_000);
    } finally {
      await running.stop();
    }
  });
});

describe('creator popularity consumer', () => {
  async function popularity() {
    return db()
      .selectFrom('creator_popularity')
      .select(['follower_count', 'like_count', 'completed_count', 'expired_count'])
      .where('creator_id', '=', creatorId)
      .executeTakeFirst();
  }

  it('counts follows, likes, completed and expired missions, once per event', async () => {
    const parties = { missionId: 7, creatorId, userId: fan.id };
    const rejected = (reason: 'PERFORM_EXPIRED' | 'REFUSED') =>
      domainEvent('mission.rejected', { ...parties, productName: 'p', reason, feedback: null, refundedCoins: 10 }, NOW);
    await recordEvents(db(), [
      domainEvent('creator.followed', { creatorId, userId: fan.id }, NOW),
      domainEvent('creator.followed', { creatorId, userId: creator.id }, NOW),
      domainEvent('creator.unfollowed', { creatorId, userId: creator.id }, NOW),
      domainEvent('mission.liked', parties, NOW),
      domainEvent('mission.liked', { ...parties, missionId: 8 }, NOW),
      domainEvent('mission.unliked', { ...parties, missionId: 8 }, NOW),
      domainEvent('mission.liked', { ...parties, missionId: 9 }, NOW),
      domainEvent(
        'mission.completed',
        { ...parties, productName: 'p', productType: 'BASIC', coins: 10, completedAt: NOW.toISOString(), onTime: true },
        NOW,
      ),
      rejected('PERFORM_EXPIRED'),
      rejected('REFUSED'),
      // an unfollow of someone never counted does not take the counter below zero elsewhere
      domainEvent('creator.unfollowed', { creatorId: 999_999, userId: fan.id }, NOW),
    ]);
    await drainOutbox(db());
    expect(await popularity()).toEqual({ follower_count: 1, like_count: 2, completed_count: 1, expired_count: 1 });

    // Applying the same events again (a redelivery) changes nothing.
    const events = await db()
      .selectFrom('outbox')
      .select(['id', 'type', 'aggregate_type', 'aggregate_id', 'payload', 'schema_version', 'occurred_at'])
      .where('aggregate_type', '<>', 'ledger')
      .execute();
    await db()
      .transaction()
      .execute((trx) => applyEvents(trx, creatorPopularityConsumer, events.map(outboxRowToEvent)));
    expect(await popularity()).toEqual({ follower_count: 1, like_count: 2, completed_count: 1, expired_count: 1 });
  });
});
