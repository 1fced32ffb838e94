import { sql } from 'kysely';
import type { Kafka, Producer } from 'kafkajs';
import type { Db } from '../db';
import { encodeEvent, ensureEventTopics, eventTopic, type KafkaEventsOptions } from './kafka';
import { pause } from './postgres-consumers';
import { DEFAULT_BATCH_SIZE, outboxRowToEvent } from './postgres-transport';
import type { OutboxEventRow } from './table';

/*
 * The outbox relay: publishes unsent outbox rows to Kafka and marks them sent, in one DB transaction that holds the
 * rows' locks while it publishes. Several relays can run at once: each claims rows FOR UPDATE SKIP LOCKED, so in the
 * normal case no row is published twice (a relay dying between Kafka's ack and its commit publishes its batch again
 * on the next try; consumers ignore the duplicates). Like the Postgres transport it reads only rows whose writing
 * transaction is older than its snapshot's xmin, in (transaction_id, position) order, and it leaves a row to later
 * when an earlier unsent row of the same aggregate is held by another relay, so each aggregate's events reach Kafka
 * in order whatever the number of relays.
 */

type ClaimedRow = Omit<OutboxEventRow, 'transaction_id'>;

/** A Kafka producer for the relay: idempotent, one request in flight (so retries cannot reorder), acks from all. */
export function createRelayProducer(kafka: Kafka): Producer {
  return kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    retry: { initialRetryTime: 200, maxRetryTime: 3_000, retries: 5 },
  });
}

/** Publishes one batch; returns how many rows it marked sent. Throws (and marks nothing) when Kafka fails. */
export async function publishOutboxBatch(
  db: Db,
  producer: Producer,
  options: KafkaEventsOptions & { batchSize?: number },
): Promise<number> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<ClaimedRow>`
      with claimed as materialized (
        select position from outbox
        where sent_at is null and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by transaction_id, position
        limit ${batchSize}
        for update skip locked
      )
      select o.position, o.id, o.type, o.aggregate_type, o.aggregate_id, o.payload, o.schema_version, o.occurred_at,
        o.trace_parent
      from outbox as o
      where o.position in (select position from claimed)
        and not exists (
          select 1 from outbox as earlier
          where earlier.sent_at is null
            and earlier.aggregate_type = o.aggregate_type and earlier.aggregate_id = o.aggregate_id
            and (earlier.transaction_id, earlier.position) < (o.transaction_id, o.position)
            and earlier.position not in (select position from claimed))
      order by o.transaction_id, o.position`.execute(trx);
    if (rows.length === 0) return 0;
    const byTopic = new Map<string, ReturnType<typeof encodeEvent>[]>();
    for (const row of rows) {
      const topic = eventTopic(options, row.aggregate_type);
      const messages = byTopic.get(topic) ?? [];
      messages.push(encodeEvent(outboxRowToEvent(row)));
      byTopic.set(topic, messages);
    }
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
    await trx
      .updateTable('outbox')
      .set({ sent_at: new Date() })
      .where(
        'position',
        'in',
        rows.map((row) => row.position),
      )
      .execute();
    return rows.length;
  });
}

export interface RunningRelay {
  stop(): Promise<void>;
}

/**
 * Runs the relay until stopped: a full batch is followed at once by the next, otherwise it waits `pollIntervalMs`.
 * When Kafka is unreachable the batch rolls back (the events wait in the outbox), the producer is replaced and the
 * relay tries again with a growing pause of at most 5 s.
 */
export async function startRelay(
  db: Db,
  kafka: Kafka,
  options: KafkaEventsOptions & {
    batchSize?: number;
    pollIntervalMs?: number;
    onError?: (error: unknown) => void;
  },
): Promise<RunningRelay> {
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const stopping = new AbortController();
  let producer: Producer | undefined;
  const loop = (async () => {
    let failures = 0;
    let topicsReady = false;
    while (!stopping.signal.aborted) {
      try {
        if (!topicsReady) {
          await ensureEventTopics(kafka, options);
          topicsReady = true;
        }
        if (!producer) {
          producer = createRelayProducer(kafka);
          await producer.connect();
        }
        const sent = await publishOutboxBatch(db, producer, { ...options, batchSize });
        failures = 0;
        if (sent < batchSize) await pause(pollIntervalMs, stopping.signal);
      } catch (error) {
        if (stopping.signal.aborted) break;
        failures += 1;
        options.onError?.(error);
        // A fresh producer (new producer id) after a failure: the idempotent sequence of the old one may be unusable.
        await producer?.disconnect().catch(() => undefined);
        producer = undefined;
        await pause(Math.min(200 * 2 ** failures, 5_000), stopping.signal);
      }
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
      await producer?.disconnect().catch(() => undefined);
    },
  };
}
