import { DAY_MS } from '@fanmission/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import type { Db } from '../db';
import { consumeOutboxBatch, defineConsumer, domainEvent, recordEvents, type EventConsumer } from '../outbox';
import {
  maintainOutboxPartitions,
  outboxPartitionName,
  partitionOutbox,
  partitionOutboxStep,
  releaseStaleOutboxBound,
} from './outbox-partitions';
import { pruneRetainedRows } from './retention';

// The outbox partitioned by day: a populated table converted online while events keep being recorded (no write
// blocked much longer than the lock timeout, no row lost or doubled, consumers reading on), and the daily upkeep
// that creates the days ahead and drops a day whole once it is old and every consumer has passed it.

const liked = (n: number) => domainEvent('mission.liked', { missionId: n, creatorId: 1, userId: 1 }, new Date());

/** The outbox as it was before migration 0240 (0009, 0053 and 0160's table), to convert a populated one. */
async function unpartitionedOutbox(db: Db): Promise<void> {
  await sql`drop table outbox`.execute(db);
  await sql`
    create table outbox (
      position bigint generated always as identity primary key,
      id uuid not null unique,
      type text not null,
      aggregate_type text not null,
      aggregate_id text not null,
      payload jsonb not null,
      schema_version integer not null,
      occurred_at timestamptz not null,
      transaction_id xid8 not null default pg_current_xact_id(),
      recorded_at timestamptz not null default now(),
      sent_at timestamptz,
      trace_parent text
    )`.execute(db);
  await sql`create index outbox_unsent on outbox (transaction_id, position) where sent_at is null`.execute(db);
  await sql`
    create index outbox_unsent_by_aggregate on outbox (aggregate_type, aggregate_id, transaction_id, position)
      where sent_at is null`.execute(db);
  await sql`create index outbox_read_order on outbox (transaction_id, position)`.execute(db);
  await sql`create index outbox_recorded_at on outbox (recorded_at)`.execute(db);
  await sql`
    create index outbox_traced_aggregates on outbox (aggregate_type, aggregate_id, position)
    where trace_parent is not null`.execute(db);
}

async function partitionOf(db: Db, missionId: number): Promise<string> {
  const { rows } = await sql<{ partition: string }>`
    select tableoid::regclass::text as partition from outbox where payload->>'missionId' = ${String(missionId)}`.execute(
    db,
  );
  return rows[0]!.partition;
}

async function drain(db: Db, consumer: EventConsumer): Promise<void> {
  while ((await consumeOutboxBatch(db, consumer, { batchSize: 2_000 })) > 0);
}

describe('partitionOutbox', () => {
  const database = useTestDatabase();

  it('converts a populated outbox while events are recorded: writes wait at most about the lock timeout, no row is lost or doubled', async () => {
    const db = database.current.db;
    await unpartitionedOutbox(db);
    await sql`
      insert into outbox (id, type, aggregate_type, aggregate_id, payload, schema_version, occurred_at, recorded_at)
      select gen_random_uuid(), 'mission.liked', 'mission', g::text,
        jsonb_build_object('missionId', g, 'creatorId', 1, 'userId', 1), 1, now(), now() - (g % 30) * interval '1 day'
      from generate_series(1, 20000) as g`.execute(db);
    const seen = new Map<string, number>();
    const consumer = defineConsumer('partition-test', {
      'mission.liked': async (_trx, event) => {
        seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
      },
    });
    // The consumer is half way when the conversion starts.
    await consumeOutboxBatch(db, consumer, { batchSize: 10_000 });

    // Writers record events one transaction at a time, timing each, for the whole conversion.
    let writing = true;
    let written = 0;
    let slowest = 0;
    const writer = async (offset: number) => {
      for (let n = 0; writing; n += 1) {
        const started = performance.now();
        await recordEvents(db, [liked(1_000_000 + offset * 100_000 + n)]);
        slowest = Math.max(slowest, performance.now() - started);
        written += 1;
      }
    };
    const writers = [writer(0), writer(1), writer(2)];
    // A reader holds the table for 1.5 s when the swap first wants its lock: the swap gives up after its lock
    // timeout, and the writers queued behind it go on.
    const lockTimeoutMs = 300;
    const steps: string[] = [];
    let reading: Promise<unknown> | undefined;
    for (let step = ''; step !== 'swapped' && steps.length < 30;) {
      step = await partitionOutboxStep(db, { lockTimeoutMs });
      steps.push(step);
      if (step === 'position-key-built') {
        let holding!: () => void;
        const held = new Promise<void>((resolve) => (holding = resolve));
        reading = db.transaction().execute(async (trx) => {
          await sql`select count(*) from outbox`.execute(trx);
          holding();
          await sql`select pg_sleep(1.5)`.execute(trx);
        });
        await held;
      }
    }
    await reading;
    // The writers go on after the swap: a few more writes land in the partitioned table before they stop.
    const writtenBySwap = written;
    await expect.poll(() => written, { timeout: 10_000 }).toBeGreaterThanOrEqual(writtenBySwap + 6);
    writing = false;
    await Promise.all(writers);

    expect(steps[0]).toBe('bound-check-added');
    expect(steps).toContain('bound-check-validated');
    expect(steps).toContain('position-key-built');
    expect(steps).toContain('lock-timeout');
    expect(steps.at(-1)).toBe('swapped');
    expect(written).toBeGreaterThan(10);
    // Behind a swap that waits for its lock, a write waits at most its lock timeout (plus a loaded machine's delay).
    expect(slowest).toBeLessThan(lockTimeoutMs + 1_200);

    const { rows: kind } = await sql<{ kind: string }>`
      select relkind as kind from pg_class where oid = 'outbox'::regclass`.execute(db);
    expect(kind[0]!.kind).toBe('p');
    const { rows: totals } = await sql<{ rows: number; ids: number; positions: number }>`
      select count(*)::int as rows, count(distinct id)::int as ids, count(distinct position)::int as positions
      from outbox`.execute(db);
    expect(totals[0]).toEqual({ rows: 20_000 + written, ids: 20_000 + written, positions: 20_000 + written });
    expect(await partitionOf(db, 1)).toBe('outbox_legacy');

    // Recording goes on after the conversion: numbered after every earlier row, read by the consumer.
    await recordEvents(db, [liked(9_999_999)]);
    const { rows: last } = await sql<{ newest: boolean }>`
      select position = (select max(position) from outbox) as newest from outbox where payload->>'missionId' = '9999999'`.execute(
      db,
    );
    expect(last[0]!.newest).toBe(true);
    await drain(db, consumer);
    expect(seen.size).toBe(20_000 + written + 1);
    expect([...seen.values()].every((times) => times === 1)).toBe(true);

    // Again: nothing more to do.
    expect(await partitionOutbox(db)).toEqual(['already-partitioned']);

    // The hourly pass deletes no row of the legacy table, though most are old and passed: it goes whole.
    expect((await pruneRetainedRows(db, { consumers: [consumer.name] })).outbox).toBe(0);
    // Once its bound is over 7 days old and the consumer has passed every row, the legacy table goes whole.
    const { rows: bounds } = await sql<{ bound: string }>`
      select pg_get_expr(relpartbound, oid) as bound from pg_class where relname = 'outbox_legacy'`.execute(db);
    const bound = new Date(/'([^']+)'/.exec(bounds[0]!.bound)![1]!);
    const later = new Date(bound.getTime() + 8 * DAY_MS);
    const upkeep = await maintainOutboxPartitions(db, { now: later, consumers: [consumer.name], retentionDays: 7 });
    expect(upkeep.dropped).toContainEqual({ partition: 'outbox_legacy', rows: 20_000 + written + 1 });
    const { rows: left } = await sql<{ n: number }>`select count(*)::int as n from outbox`.execute(db);
    expect(left[0]!.n).toBe(0);
  }, 120_000);
});

describe('maintainOutboxPartitions', () => {
  const database = useTestDatabase();

  it('creates the days ahead, moves default rows into a new day, and drops an old day only once every consumer passed it', async () => {
    const db = database.current.db;
    const now = new Date();
    const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
    // A fresh database is partitioned by its migration, with today's partition.
    await recordEvents(db, [liked(1)]);
    expect(await partitionOf(db, 1)).toBe(outboxPartitionName(today));

    // Ten days on: the days ahead are created; a row recorded for a day not created yet waits in the default one and
    // moves into its day when that day is created.
    const inTen = new Date(today.getTime() + 10 * DAY_MS);
    await recordEvents(db, [liked(2)]);
    await sql`update outbox set recorded_at = ${new Date(inTen.getTime() + 3_600_000)}
      where payload->>'missionId' = '2'`.execute(db);
    expect(await partitionOf(db, 2)).toBe('outbox_default');
    const consumer = defineConsumer('partition-upkeep', { 'mission.liked': async () => {} });
    const ahead = await maintainOutboxPartitions(db, { now: inTen, consumers: [consumer.name], retentionDays: 7 });
    expect(ahead.created).toEqual(
      [0, 1, 2, 3].map((offset) => outboxPartitionName(new Date(inTen.getTime() + offset * DAY_MS))),
    );
    expect(ahead.movedFromDefault).toBe(1);
    expect(ahead.defaultRows).toBe(0);
    expect(await partitionOf(db, 2)).toBe(outboxPartitionName(inTen));
    // Today's partition is older than 7 days then, but the consumer has not read its row: it stays.
    expect(ahead.waiting).toEqual([outboxPartitionName(today)]);
    expect(ahead.dropped.map((partition) => partition.partition)).not.toContain(outboxPartitionName(today));

    await drain(db, consumer);
    const dropped = await maintainOutboxPartitions(db, { now: inTen, consumers: [consumer.name], retentionDays: 7 });
    expect(dropped.dropped).toContainEqual({ partition: outboxPartitionName(today), rows: 1 });
    expect(dropped.created).toEqual([]);
    const { rows } = await sql<{ n: string }>`select payload->>'missionId' as n from outbox`.execute(db);
    expect(rows.map((row) => row.n)).toEqual(['2']);

    // Kafka mode: a published day goes with no consumer at all.
    await sql`update outbox set sent_at = now()`.execute(db);
    const published = await maintainOutboxPartitions(db, {
      now: new Date(inTen.getTime() + 9 * DAY_MS),
      consumers: [],
      retentionDays: 7,
    });
    expect(published.dropped).toContainEqual({ partition: outboxPartitionName(inTen), rows: 1 });
  });
});

describe('releaseStaleOutboxBound', () => {
  const database = useTestDatabase();

  it('drops the bound check of a conversion left halfway before its bound refuses new events', async () => {
    const db = database.current.db;
    await unpartitionedOutbox(db);
    expect(await partitionOutboxStep(db)).toBe('bound-check-added');
    const { rows } = await sql<{ definition: string }>`
      select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'outbox_before_partitioning'`.execute(
      db,
    );
    const bound = new Date(/'([^']+)'/.exec(rows[0]!.definition)![1]!);
    // Two days ahead: nothing to do yet.
    expect(await releaseStaleOutboxBound(db, { now: new Date(bound.getTime() - 2 * DAY_MS) })).toBe(false);
    // An event recorded past the bound is refused while the check stands...
    await recordEvents(db, [liked(1)]);
    const pastBound = sql`update outbox set recorded_at = ${new Date(bound.getTime() + 1_000)}`;
    await expect(pastBound.execute(db)).rejects.toThrow(/outbox_before_partitioning/);
    // ...so the hourly pass drops it when the bound is near.
    expect(await releaseStaleOutboxBound(db, { now: new Date(bound.getTime() - 3_600_000) })).toBe(true);
    await pastBound.execute(db);
    // The next conversion starts again with a new bound.
    expect(await partitionOutboxStep(db, { now: () => new Date(bound.getTime() - 3_600_000) })).toBe(
      'bound-check-added',
    );
  });
});
