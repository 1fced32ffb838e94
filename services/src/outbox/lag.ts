import type { EventsHealth } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { AppConfig } from '../config';
import type { Db } from '../db';
import type { EventConsumer } from './consumer';
import { createKafka, type KafkaEventsOptions } from './kafka';
import { kafkaConsumerLag } from './kafka-transport';
import { LAG_COUNT_LIMIT, postgresConsumerLag } from './postgres-transport';

const KAFKA_LAG_TIMEOUT_MS = 3_000;

/**
 * Outbox rows the relay has not published yet (counted up to LAG_COUNT_LIMIT, see `postgresConsumerLag`), and the
 * age of the first in publishing order (database clock); both from the unsent rows' partial index, stopping early.
 */
export async function relayLag(db: Db, options: { limit?: number } = {}): Promise<NonNullable<EventsHealth['relay']>> {
  const { rows } = await sql<{ unsent: number; oldest: number | null }>`
    select
      (select count(*)::int from (
        select 1 from outbox where sent_at is null limit ${options.limit ?? LAG_COUNT_LIMIT}) as unsent) as unsent,
      (select extract(epoch from now() - recorded_at)::float8 from outbox where sent_at is null
        order by transaction_id, position limit 1) as oldest`.execute(db);
  const row = rows[0]!;
  return { unsentEvents: row.unsent, oldestUnsentSeconds: row.oldest === null ? null : Math.max(0, row.oldest) };
}

/**
 * The pipeline's backlog for health and metrics. With Kafka: the relay's backlog and each consumer group's
 * uncommitted messages (an unreachable broker makes it DOWN, with the relay's backlog still reported); embedded:
 * each consumer's events after its checkpoint.
 */
export async function readEventsHealth(
  db: Db,
  config: AppConfig,
  consumers: readonly EventConsumer[],
  kafkaOptions: KafkaEventsOptions = { brokers: config.KAFKA_BROKERS },
): Promise<EventsHealth> {
  if (kafkaOptions.brokers.length === 0) {
    const lags = await Promise.all(consumers.map((consumer) => postgresConsumerLag(db, consumer.name)));
    return { status: 'UP', transport: 'postgres', relay: null, consumers: lags };
  }
  const relay = await relayLag(db);
  const admin = createKafka(kafkaOptions, 'health').admin();
  let timer: NodeJS.Timeout | undefined;
  try {
    const lags = await Promise.race([
      (async () => {
        await admin.connect();
        return Promise.all(consumers.map((consumer) => kafkaConsumerLag(admin, consumer, kafkaOptions)));
      })(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Kafka did not answer within ${KAFKA_LAG_TIMEOUT_MS} ms`)),
          KAFKA_LAG_TIMEOUT_MS,
        );
      }),
    ]);
    return { status: 'UP', transport: 'kafka', relay, consumers: lags };
  } catch (error) {
    return {
      status: 'DOWN',
      transport: 'kafka',
      relay,
      consumers: [],
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
    // Not awaited: a disconnect waits for the request in flight, which a black-holed broker never answers.
    void admin.disconnect().catch(() => undefined);
  }
}

/** How many poison events each consumer has parked as dead letters (consumers with none are left out). */
export async function parkedEventsByConsumer(db: Db): Promise<Map<string, number>> {
  const { rows } = await sql<{ consumer: string; parked: number }>`
    select consumer, count(*)::int as parked from event_consumer_dead_letters group by consumer`.execute(db);
  return new Map(rows.map((row) => [row.consumer, row.parked]));
}
