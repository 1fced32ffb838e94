import type { DomainEvent, DomainEventType } from '@fanmission/contracts';
import { sql, type Transaction } from 'kysely';
import type { Database, Db, DbExecutor } from '../db';
import { isDatabaseUnavailable } from '../http';
import { applyEvents, reportCommitted, type EventConsumer } from './consumer';
import type { OutboxEventRow } from './table';

/*
 * Embedded mode's transport: each consumer reads the outbox from its stored checkpoint. A polling reader cannot trust
 * `position` order alone (a transaction that commits late can carry a smaller position), so, as Emmett does, it reads
 * in (transaction_id, position) order only rows whose writing transaction is older than its snapshot's xmin: every
 * such transaction has ended, so no row can later appear before the checkpoint. The effects and the new checkpoint
 * commit in one transaction, so a crash mid-batch leaves neither.
 */

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

/**
 * The consumer's turn at the outbox: up to `limit` events after its checkpoint, only from transactions older than
 * every one still open (so none commits later behind the checkpoint), handed to `handle`, then the checkpoint moved
 * past the last of them, in one transaction. Concurrent turns of the same consumer (two processes, a test draining
 * while the runtime polls) wait on an advisory lock, which unlike a row lock takes no transaction id and so holds back
 * nobody's xmin. Undefined when there was no event.
 */
async function consumerTurn<T>(
  db: Db,
  consumer: string,
  limit: number,
  handle: (trx: Transaction<Database>, rows: OutboxEventRow[]) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`fanmission.consumer:${consumer}`}, 0))`.execute(trx);
    const from = await readCheckpoint(trx, consumer);
    const { rows } = await sql<OutboxEventRow>`
      select position, id, type, aggregate_type, aggregate_id, payload, schema_version, occurred_at, trace_parent,
        transaction_id::text as transaction_id
      from outbox
      where (transaction_id, position) > (${from.transactionId}::xid8, ${from.position})
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      -- qualified: the bare name would sort by the text alias above ('1000' before '862')
      order by outbox.transaction_id, outbox.position
      limit ${limit}`.execute(trx);
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

/** Applies the next batch of outbox events to one consumer and moves its checkpoint past them. Returns how many. */
export async function consumeOutboxBatch(
  db: Db,
  consumer: EventConsumer,
  options: { batchSize?: number } = {},
): Promise<number> {
  const turn = await consumerTurn(db, consumer.name, options.batchSize ?? DEFAULT_BATCH_SIZE, async (trx, rows) => ({
    read: rows.length,
    applied: await applyEvents(trx, consumer, rows.map(outboxRowToEvent)),
  }));
  if (!turn) return 0;
  reportCommitted(consumer, turn.applied);
  return turn.read;
}

/** Failed attempts at one event after which it is parked as a dead letter and the consumer moves on. */
export const DEFAULT_MAX_ATTEMPTS = 10;

export interface ParkedEvent {
  consumer: string;
  event: DomainEvent;
  attempts: number;
  error: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2_000);

/** Records a poison event as a dead letter, with what it failed with; it counts as processed from then on. */
export async function recordDeadLetter(
  trx: DbExecutor,
  consumer: string,
  event: DomainEvent,
  attempts: number,
  error: unknown,
): Promise<ParkedEvent> {
  await sql`
    insert into event_consumer_dead_letters (consumer, event_id, event_type, event, attempts, error)
    values (${consumer}, ${event.id}, ${event.type}, ${JSON.stringify(event)}::jsonb, ${attempts}, ${errorText(error)})
    on conflict (consumer, event_id) do update set attempts = excluded.attempts, error = excluded.error,
      parked_at = now()`.execute(trx);
  await sql`
    insert into event_consumer_processed (consumer, event_id) values (${consumer}, ${event.id})
    on conflict do nothing`.execute(trx);
  return { consumer, event, attempts, error: errorText(error) };
}

/**
 * Parks the consumer's next event (the one its last batches of one failed on) and moves its checkpoint past it.
 * Undefined when there is no next event (someone else moved the checkpoint meanwhile).
 */
export async function parkNextEvent(
  db: Db,
  consumer: EventConsumer,
  attempts: number,
  error: unknown,
): Promise<ParkedEvent | undefined> {
  return consumerTurn(db, consumer.name, 1, (trx, [row]) =>
    recordDeadLetter(trx, consumer.name, outboxRowToEvent(row!), attempts, error),
  );
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

export interface RunningConsumers {
  stop(): Promise<void>;
}

/**
 * Polls the outbox for each consumer until stopped: at once again after a full batch, else after `pollIntervalMs`;
 * a failing batch (rolled back whole) is retried with a growing pause, one event at a time, and an event that keeps
 * failing (`maxAttempts`, the database being reachable) is parked as a dead letter so the consumer moves on.
 */
export function startPostgresConsumers(
  db: Db,
  consumers: readonly EventConsumer[],
  options: {
    pollIntervalMs?: number;
    batchSize?: number;
    onError?: (consumer: string, error: unknown) => void;
    /** Failed attempts before an event is parked. */
    maxAttempts?: number;
    /** Called for each parked event: the alert (logged as an error by the runtime, counted on /metrics). */
    onParked?: (parked: ParkedEvent) => void;
  } = {},
): RunningConsumers {
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const stopping = new AbortController();
  const loops = consumers.map(async (consumer) => {
    let failures = 0;
    while (!stopping.signal.aborted) {
      try {
        // After a failure, one event at a time: the next success moves past the good ones, a poison one stays first.
        const read = await consumeOutboxBatch(db, consumer, { batchSize: failures > 0 ? 1 : batchSize });
        failures = 0;
        if (read < batchSize) await pause(pollIntervalMs, stopping.signal);
      } catch (error) {
        if (stopping.signal.aborted) break;
        options.onError?.(consumer.name, error);
        // An unreachable database is nobody's poison: wait for it without counting.
        if (!isDatabaseUnavailable(error)) failures += 1;
        if (failures >= maxAttempts) {
          const parked = await parkNextEvent(db, consumer, failures, error).catch((parkError: unknown) => {
            options.onError?.(consumer.name, parkError);
            return undefined;
          });
          if (parked) {
            failures = 0;
            options.onParked?.(parked);
            continue;
          }
        }
        await pause(Math.min(pollIntervalMs * 2 ** Math.max(failures, 1), 5_000), stopping.signal);
      }
    }
  });
  return {
    async stop() {
      stopping.abort();
      await Promise.all(loops);
    },
  };
}

export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolvePause) => {
    if (signal?.aborted) return resolvePause();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolvePause();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
