/*
 * Embedded mode's transport: each consumer reads the outbox from its stored checkpoint. A polling reader cannot trust
 * `position` order alone (a transaction that commits late can carry a smaller position), so, as Emmett does, it reads
 * in (transaction_id, position) order only rows whose writing transaction is older than its snapshot's xmin: every
 * such transaction has ended, so no row can later appear before the checkpoint. The effects and the new checkpoint
 * commit in one transaction, so a crash mid-batch leaves neither. Here: that read, a consumer's turn, a group poll and
 * a consumer's lag; the polling runtime is postgres-consumers.ts, parking an event dead-letters.ts.
 */
import type { DomainEvent, DomainEventType } from '@fanmission/contracts';
import { sql, type Transaction } from 'kysely';
import type { Database, Db, DbExecutor } from '../db';
import {
  applyEvents,
  concerns,
  eventsForOneTransaction,
  reportCommitted,
  transactionSize,
  type EventConsumer,
} from './consumer';
import type { OutboxEventRow } from './table';

export const DEFAULT_BATCH_SIZE = 500;

export function outboxRowToEvent(row: Omit<OutboxEventRow, 'position' | 'transaction_id'>): DomainEvent {
  return {
    id: row.id,
    type: row.type as DomainEventType,
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    payload: row.payload as DomainEvent['payload'],
    occurredAt: row.occurred_at.toISOString(),
    schemaVersion: row.schema_version,
    ...(row.trace_parent && { traceParent: row.trace_parent }),
  };
}

export interface Checkpoint {
  transactionId: string;
  position: number;
}

const START: Checkpoint = { transactionId: '0', position: 0 };

export async function readCheckpoint(db: DbExecutor, consumer: string): Promise<Checkpoint> {
  const row = await db
    .selectFrom('event_consumer_checkpoints')
    .select(['transaction_id', 'position'])
    .where('consumer', '=', consumer)
    .executeTakeFirst();
  return row ? { transactionId: row.transaction_id, position: row.position } : START;
}

/** Up to `limit` events after `from` in read order, from transactions older than every one still open. */
const readOrdered = (from: Checkpoint, limit: number) => sql<OutboxEventRow>`
  select position, id, type, aggregate_type, aggregate_id, payload, schema_version, occurred_at, trace_parent,
    transaction_id::text as transaction_id
  from outbox
  where (transaction_id, position) > (${from.transactionId}::xid8, ${from.position})
    and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  -- qualified: the bare name would sort by the text alias above ('1000' before '862')
  order by outbox.transaction_id, outbox.position
  limit ${limit}`;

/**
 * The consumer's turn at the outbox: up to `limit` events after its checkpoint, only from transactions older than
 * every one still open (so none commits later behind the checkpoint); `take` says how many of them this turn takes
 * (all by default), `handle` gets those, then the checkpoint moves past the last of them, in one transaction.
 * Concurrent turns of the same consumer (two processes, a test draining while the runtime polls) wait on an advisory
 * lock, which unlike a row lock takes no transaction id and so holds back nobody's xmin. Undefined when there was no
 * event.
 */
export async function consumerTurn<T>(
  db: Db,
  consumer: string,
  limit: number,
  handle: (trx: Transaction<Database>, rows: OutboxEventRow[]) => Promise<T>,
  take: (rows: OutboxEventRow[]) => number = (rows) => rows.length,
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`fanmission.consumer:${consumer}`}, 0))`.execute(trx);
    const from = await readCheckpoint(trx, consumer);
    const { rows: read } = await readOrdered(from, limit).execute(trx);
    const rows = read.slice(0, take(read));
    const last = rows.at(-1);
    if (!last) return undefined;
    const result = await handle(trx, rows);
    await trx
      .insertInto('event_consumer_checkpoints')
      .values({ consumer, transaction_id: last.transaction_id, position: last.position })
      .onConflict((conflict) =>
        conflict.column('consumer').doUpdateSet({
          transaction_id: last.transaction_id,
          position: last.position,
          updated_at: new Date(),
        }),
      )
      .execute();
    return result;
  });
}

/**
 * Applies the next outbox events to one consumer and moves its checkpoint past them: a batch of `batchSize`, or up to
 * its `eventsPerTransaction`-th event it acts on. Returns how many it moved past.
 */
export async function consumeOutboxBatch(
  db: Db,
  consumer: EventConsumer,
  options: { batchSize?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const perTransaction = transactionSize(consumer, batchSize);
  const turn = await consumerTurn(
    db,
    consumer.name,
    batchSize,
    async (trx, rows) => ({
      read: rows.length,
      applied: await applyEvents(trx, consumer, rows.map(outboxRowToEvent)),
    }),
    (rows) =>
      eventsForOneTransaction(
        rows.map((row) => concerns(consumer, outboxRowToEvent(row))),
        perTransaction,
      ),
  );
  if (!turn) return 0;
  reportCommitted(consumer, turn.applied);
  return turn.read;
}

/**
 * One consumer's share of a group poll: at most `limit` events it acts on (one while it is failing), with the events
 * it passes over among them.
 */
export interface ConsumerPoll {
  consumer: EventConsumer;
  limit: number;
}

/**
 * What a group poll did for one consumer: how many events it moved past (committed), and whether more were there for
 * it at once (its limit reached, or the read full); or what it failed with.
 */
export type ConsumerPollResult = { read: number; full: boolean } | { error: unknown };

/**
 * One poll of the outbox for several consumers, in one transaction: their advisory locks (the ones `consumerTurn`
 * takes, in name order so two polls never deadlock), their checkpoints, one outbox read per distinct checkpoint, each
 * consumer's events applied under a savepoint of its own, and every moved checkpoint written by one statement. In
 * steady state every consumer stands at the same checkpoint (each moves past every event it reads, handled or not),
 * so a poll reads the outbox once; a consumer left behind (it failed, or is new) reads from its own checkpoint until
 * it has caught up. A consumer whose handler fails is rolled back to its savepoint: its checkpoint stays, the others'
 * effects and checkpoints commit. `afterCommit` is told of each consumer's applied events once committed. A failure
 * of the poll itself (the locks, a read, the checkpoints' write) rolls back everything and is thrown.
 */
export async function consumeOutboxGroup(
  db: Db,
  polls: readonly ConsumerPoll[],
  options: { readSize?: number } = {},
): Promise<Map<string, ConsumerPollResult>> {
  const readSize = options.readSize ?? DEFAULT_BATCH_SIZE;
  const ordered = [...polls].sort((a, b) => (a.consumer.name < b.consumer.name ? -1 : 1));
  const names = ordered.map((poll) => poll.consumer.name);
  const results = new Map<string, ConsumerPollResult>();
  const applied = new Map<string, DomainEvent[]>();
  await db.transaction().execute(async (trx) => {
    await sql`
      select pg_advisory_xact_lock(hashtextextended('fanmission.consumer:' || name, 0))
      from unnest(${names}::text[]) as name`.execute(trx);
    // A statement after the locks: its snapshot sees what a turn that held one of them committed.
    const { rows: stored } = await sql<{ consumer: string; transaction_id: string; position: number }>`
      select consumer, transaction_id::text as transaction_id, position
      from event_consumer_checkpoints where consumer = any(${names}::text[])`.execute(trx);
    const checkpointOf = new Map(
      stored.map((row) => [row.consumer, { transactionId: row.transaction_id, position: Number(row.position) }]),
    );
    const byCheckpoint = new Map<string, { from: Checkpoint; polls: ConsumerPoll[] }>();
    for (const poll of ordered) {
      const from = checkpointOf.get(poll.consumer.name) ?? START;
      const key = `${from.transactionId}:${from.position}`;
      const shared = byCheckpoint.get(key) ?? { from, polls: [] };
      shared.polls.push(poll);
      byCheckpoint.set(key, shared);
    }
    const moved: Array<{ consumer: string; row: OutboxEventRow }> = [];
    let savepoint = 0;
    for (const { from, polls: sharing } of byCheckpoint.values()) {
      const { rows } = await readOrdered(from, readSize).execute(trx);
      const events = rows.map(outboxRowToEvent);
      for (const { consumer, limit } of sharing) {
        const taken = eventsForOneTransaction(
          events.map((event) => concerns(consumer, event)),
          limit,
        );
        const mine = events.slice(0, taken);
        const last = rows[taken - 1];
        const full = taken < rows.length || rows.length === readSize;
        if (!last) {
          results.set(consumer.name, { read: 0, full: false });
          continue;
        }
        if (!mine.some((event) => concerns(consumer, event))) {
          // Nothing it acts on: it only moves past them, and no statement of its own can fail.
          moved.push({ consumer: consumer.name, row: last });
          results.set(consumer.name, { read: taken, full });
          continue;
        }
        const name = `consumer_${(savepoint += 1)}`;
        await sql`savepoint ${sql.id(name)}`.execute(trx);
        try {
          applied.set(consumer.name, await applyEvents(trx, consumer, mine));
          await sql`release savepoint ${sql.id(name)}`.execute(trx);
          moved.push({ consumer: consumer.name, row: last });
          results.set(consumer.name, { read: taken, full });
        } catch (error) {
          await sql`rollback to savepoint ${sql.id(name)}`.execute(trx);
          applied.delete(consumer.name);
          results.set(consumer.name, { error });
        }
      }
    }
    if (moved.length === 0) return;
    await sql`
      insert into event_consumer_checkpoints (consumer, transaction_id, position, updated_at)
      select consumer, transaction_id, position, ${new Date()}
      from unnest(${moved.map((entry) => entry.consumer)}::text[],
        ${moved.map((entry) => entry.row.transaction_id)}::xid8[],
        ${moved.map((entry) => entry.row.position)}::bigint[]) as moved (consumer, transaction_id, position)
      on conflict (consumer) do update set transaction_id = excluded.transaction_id, position = excluded.position,
        updated_at = excluded.updated_at`.execute(trx);
  });
  for (const { consumer } of ordered) reportCommitted(consumer, applied.get(consumer.name) ?? []);
  return results;
}

export interface ConsumerLag {
  consumer: string;
  /** Events written but not yet applied (or, on Kafka, messages not yet committed by the group). */
  pendingEvents: number;
  /** Age of the oldest of them, when known. */
  oldestPendingSeconds: number | null;
}

/**
 * Pending events are counted up to this many: a backlog of millions (a database started on a big outbox) would make
 * the count a scan that runs into the statement timeout, and /health would report the pipeline DOWN for it. A
 * bigger backlog reads as this many.
 */
export const LAG_COUNT_LIMIT = 10_000;

/**
 * Events after the consumer's checkpoint (counted up to `limit`) and the age of the first of them in the order the
 * consumer reads (the oldest it has not applied), from the database's clock. Both read the read-order index from the
 * checkpoint on and stop early: neither scans the outbox.
 */
export async function postgresConsumerLag(
  db: DbExecutor,
  consumer: string,
  options: { limit?: number } = {},
): Promise<ConsumerLag> {
  const from = await readCheckpoint(db, consumer);
  const { rows } = await sql<{ pending: number; oldest: number | null }>`
    select
      (select count(*)::int from (
        select 1 from outbox where (transaction_id, position) > (${from.transactionId}::xid8, ${from.position})
        limit ${options.limit ?? LAG_COUNT_LIMIT}) as pending) as pending,
      (select extract(epoch from now() - recorded_at)::float8 from outbox
        where (transaction_id, position) > (${from.transactionId}::xid8, ${from.position})
        order by transaction_id, position limit 1) as oldest`.execute(db);
  const row = rows[0]!;
  return {
    consumer,
    pendingEvents: row.pending,
    oldestPendingSeconds: row.oldest === null ? null : Math.max(0, row.oldest),
  };
}
