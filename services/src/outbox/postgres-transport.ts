import type { AggregateType, DomainEvent, DomainEventType } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { Db, DbExecutor } from '../db';
import { applyEvents, type EventConsumer } from './consumer';

/*
 * Embedded mode's transport: each consumer reads the outbox from its stored checkpoint. A polling reader cannot trust
 * `position` order alone (a transaction that commits late can carry a smaller position), so, as Emmett does, it reads
 * in (transaction_id, position) order only rows whose writing transaction is older than its snapshot's xmin: every
 * such transaction has ended, so no row can later appear before the checkpoint. The effects and the new checkpoint
 * commit in one transaction, so a crash mid-batch leaves neither.
 */

export const DEFAULT_BATCH_SIZE = 500;

interface OutboxEventRow {
  position: number;
  id: string;
  type: string;
  aggregate_type: AggregateType;
  aggregate_id: string;
  payload: unknown;
  schema_version: number;
  occurred_at: Date;
  transaction_id: string;
}

export function outboxRowToEvent(row: Omit<OutboxEventRow, 'position' | 'transaction_id'>): DomainEvent {
  return {
    id: row.id,
    type: row.type as DomainEventType,
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    payload: row.payload as DomainEvent['payload'],
    occurredAt: row.occurred_at.toISOString(),
    schemaVersion: row.schema_version,
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
 * Applies the next batch of outbox events to one consumer and moves its checkpoint past them. Concurrent calls for
 * the same consumer (two processes, a test draining while the runtime polls) take turns on an advisory lock, which
 * unlike a row lock takes no transaction id and so holds back nobody's xmin. Returns how many rows it read.
 */
export async function consumeOutboxBatch(
  db: Db,
  consumer: EventConsumer,
  options: { batchSize?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`fanmission.consumer:${consumer.name}`}, 0))`.execute(
      trx,
    );
    const from = await readCheckpoint(trx, consumer.name);
    const { rows } = await sql<OutboxEventRow>`
      select position, id, type, aggregate_type, aggregate_id, payload, schema_version, occurred_at,
        transaction_id::text as transaction_id
      from outbox
      where (transaction_id, position) > (${from.transactionId}::xid8, ${from.position})
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      -- qualified: the bare name would sort by the text alias above ('1000' before '862')
      order by outbox.transaction_id, outbox.position
      limit ${batchSize}`.execute(trx);
    const last = rows.at(-1);
    if (!last) return 0;
    await applyEvents(trx, consumer, rows.map(outboxRowToEvent));
    await trx
      .insertInto('event_consumer_checkpoints')
      .values({ consumer: consumer.name, transaction_id: last.transaction_id, position: last.position })
      .onConflict((conflict) =>
        conflict.column('consumer').doUpdateSet({
          transaction_id: last.transaction_id,
          position: last.position,
          updated_at: new Date(),
        }),
      )
      .execute();
    return rows.length;
  });
}

export interface ConsumerLag {
  consumer: string;
  /** Events written but not yet applied (or, on Kafka, messages not yet committed by the group). */
  pendingEvents: number;
  /** Age of the oldest of them, when known. */
  oldestPendingSeconds: number | null;
}

/** Events after the consumer's checkpoint, and the age of the oldest, from the database's clock. */
export async function postgresConsumerLag(db: DbExecutor, consumer: string): Promise<ConsumerLag> {
  const from = await readCheckpoint(db, consumer);
  const { rows } = await sql<{ pending: number; oldest: number | null }>`
    select count(*)::int as pending, extract(epoch from now() - min(recorded_at))::float8 as oldest
    from outbox where (transaction_id, position) > (${from.transactionId}::xid8, ${from.position})`.execute(db);
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
 * a failing batch (rolled back whole) is retried with a growing pause.
 */
export function startPostgresConsumers(
  db: Db,
  consumers: readonly EventConsumer[],
  options: {
    pollIntervalMs?: number;
    batchSize?: number;
    onError?: (consumer: string, error: unknown) => void;
  } = {},
): RunningConsumers {
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const stopping = new AbortController();
  const loops = consumers.map(async (consumer) => {
    let failures = 0;
    while (!stopping.signal.aborted) {
      try {
        const read = await consumeOutboxBatch(db, consumer, { batchSize });
        failures = 0;
        if (read < batchSize) await pause(pollIntervalMs, stopping.signal);
      } catch (error) {
        if (stopping.signal.aborted) break;
        failures += 1;
        options.onError?.(consumer.name, error);
        await pause(Math.min(pollIntervalMs * 2 ** failures, 5_000), stopping.signal);
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
