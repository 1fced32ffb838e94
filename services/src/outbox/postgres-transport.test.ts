import { holdForMission, purchase } from '@fanmission/ledger';
import { sql, type Transaction } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import type { Database, Db } from '../db';
import { applyEvents, defineConsumer, type EventConsumer } from './consumer';
import { creatorPopularityConsumer } from '../creators';
import { domainEvent, recordEvents } from './outbox';
import { consumeOutboxBatch, outboxRowToEvent, postgresConsumerLag, readCheckpoint } from './postgres-transport';
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
