import { AGGREGATE_TYPES, topicFor, type AggregateType, type DomainEvent } from '@fanmission/contracts';
import { createRequire } from 'node:module';
import type * as KafkaJs from 'kafkajs';
import type { Kafka, KafkaConfig, Message } from 'kafkajs';

// kafkajs is loaded when a Kafka client is first made (KAFKA_BROKERS set), not with the module: the embedded mode
// (`npm start`) never uses it, and loading it cost a warm start ~0.4 s. A CommonJS package: the same module either way.
let kafkajs: typeof KafkaJs | undefined;
const loadKafkajs = () => (kafkajs ??= createRequire(import.meta.url)('kafkajs') as typeof KafkaJs);

/** Where events go on Kafka: the brokers, and a topic/group prefix that lets tests share one broker. */
export interface KafkaEventsOptions {
  brokers: readonly string[];
  clientId?: string;
  /** Put before every topic and consumer-group name (default none: `fanmission.ledger.v1`, `fanmission.<consumer>`). */
  namePrefix?: string;
}

export const EVENT_ID_HEADER = 'event-id';

export const eventTopic = (options: KafkaEventsOptions, aggregateType: AggregateType): string =>
  `${options.namePrefix ?? ''}${topicFor(aggregateType)}`;

export const consumerGroupId = (options: KafkaEventsOptions, consumer: string): string =>
  `${options.namePrefix ?? ''}fanmission.${consumer}`;

export function createKafka(options: KafkaEventsOptions, role: string, overrides: Partial<KafkaConfig> = {}): Kafka {
  const { Kafka, logLevel } = loadKafkajs();
  return new Kafka({
    clientId: options.clientId ?? `fanmission-${role}`,
    brokers: [...options.brokers],
    // kafkajs logs every reconnection attempt of an outage as an error; the relay and consumers report their own.
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3_000,
    requestTimeout: 10_000,
    retry: { initialRetryTime: 200, maxRetryTime: 5_000, retries: 5 },
    ...overrides,
  });
}

/** Key = aggregate id, so one aggregate's events share a partition and keep their order. */
export function encodeEvent(event: DomainEvent): Message {
  return {
    key: event.aggregateId,
    value: JSON.stringify(event),
    headers: { [EVENT_ID_HEADER]: event.id, 'event-type': event.type, 'schema-version': String(event.schemaVersion) },
  };
}

export function decodeEvent(value: Buffer | null): DomainEvent {
  if (value === null) throw new Error('a Kafka message without a value is not a domain event');
  return JSON.parse(value.toString('utf8')) as DomainEvent;
}

/** How long a process waits for the event topics' partitions to have leaders before it gives up starting. */
const TOPIC_LEADERS_TIMEOUT_MS = 30_000;

/**
 * Creates the event topics that do not exist yet (the broker's default partition count), then waits until every
 * partition of every event topic has a leader, whoever created them: a second relay starting at the same time finds
 * the topics listed before they can take messages, and a busy broker still publishing a new topic answers "does not
 * host this topic-partition" (kafkajs's own `waitForLeaders` gives up on that answer; it is retried here).
 */
export async function ensureEventTopics(kafka: Kafka, options: KafkaEventsOptions): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = AGGREGATE_TYPES.map((type) => eventTopic(options, type));
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic));
    if (missing.length > 0) await admin.createTopics({ topics: missing.map((topic) => ({ topic })) });
    const deadline = Date.now() + TOPIC_LEADERS_TIMEOUT_MS;
    for (;;) {
      const metadata = await admin.fetchTopicMetadata({ topics }).catch(() => undefined);
      const ready =
        metadata?.topics.length === topics.length &&
        metadata.topics.every(
          ({ partitions }) => partitions.length > 0 && partitions.every((partition) => partition.leader >= 0),
        );
      if (ready) return;
      if (Date.now() > deadline) {
        throw new Error(`the event topics have no leader for every partition after ${TOPIC_LEADERS_TIMEOUT_MS} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await admin.disconnect();
  }
}
