import { randomUUID } from 'node:crypto';
import { domainEventDefinitions, type AggregateType, type DomainEvent } from '@fanmission/contracts';
import type { Admin, Consumer, Kafka } from 'kafkajs';
import type { Db } from '../db';
import { isDatabaseUnavailable } from '../http';
import {
  applyEvents,
  concerns,
  eventsForOneTransaction,
  eventTypesOf,
  reportCommitted,
  transactionSize,
  type EventConsumer,
} from './consumer';
import { consumerGroupId, decodeEvent, ensureEventTopics, eventTopic, type KafkaEventsOptions } from './kafka';
import { DEFAULT_MAX_ATTEMPTS, recordDeadLetter, type ParkedEvent } from './dead-letters';
import { pause, type RunningConsumers } from './postgres-consumers';
import { DEFAULT_BATCH_SIZE, type ConsumerLag } from './postgres-transport';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The message's event, or (undecodable) a stand-in that keeps its raw bytes for the dead-letter record. */
function eventOrRaw(value: Buffer | null): DomainEvent {
  try {
    const event = decodeEvent(value);
    if (typeof event.id === 'string' && UUID.test(event.id) && typeof event.type === 'string') return event;
    throw new Error('not a domain event');
  } catch {
    return {
      id: randomUUID(),
      type: 'undecodable' as DomainEvent['type'],
      aggregateType: 'undecodable' as DomainEvent['aggregateType'],
      aggregateId: '',
      payload: { raw: value?.toString('utf8').slice(0, 10_000) ?? null } as unknown as DomainEvent['payload'],
      occurredAt: new Date().toISOString(),
      schemaVersion: 0,
    };
  }
}

/** The topics a consumer reads: those of the aggregate types of the events it handles. */
export function topicsOf(consumer: EventConsumer, options: KafkaEventsOptions): string[] {
  const types = new Set<AggregateType>(
    eventTypesOf(consumer).map((type) => domainEventDefinitions[type].aggregateType),
  );
  return [...types].map((type) => eventTopic(options, type));
}

/**
 * Runs each consumer as a Kafka consumer group (`fanmission.<name>`), from the earliest offset when the group is new.
 * A partition's batch is applied in chunks, each in one DB transaction with the event ids (so a redelivery after a
 * crash between the commit and the offset commit has no effect), then its offsets are committed. A failing chunk
 * is retried in place with a growing pause, keeping the partition's order, while the group is still ours.
 */
export async function startKafkaConsumers(
  db: Db,
  kafka: Kafka,
  consumers: readonly EventConsumer[],
  options: KafkaEventsOptions & {
    batchSize?: number;
    onError?: (consumer: string, error: unknown) => void;
    maxAttempts?: number;
    onParked?: (parked: ParkedEvent) => void;
  },
): Promise<RunningConsumers> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  await ensureEventTopics(kafka, options);
  const running: Consumer[] = [];
  const stopping = new AbortController();
  // The groups join side by side: a member joining waits for its group's rebalance (the other members' batches under
  // way, a killed member's session running out), and one group after another a restarted worker took minutes to be
  // ready while its events waited.
  const started = await Promise.allSettled(
    consumers.map(async (eventConsumer) => {
      const consumer = kafka.consumer({
        groupId: consumerGroupId(options, eventConsumer.name),
        retry: { initialRetryTime: 300, maxRetryTime: 5_000, retries: 10 },
      });
      running.push(consumer);
      await consumer.connect();
      await consumer.subscribe({ topics: topicsOf(eventConsumer, options), fromBeginning: true });
      await consumer.run({
        eachBatchAutoResolve: false,
        // Offsets are resolved only after their chunk's DB transaction commits; commit each resolved chunk at once.
        autoCommitThreshold: 1,
        eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
          type Message = (typeof batch.messages)[number];
          const halted = () => !isRunning() || isStale() || stopping.signal.aborted;
          /**
           * Applies the messages in one DB transaction, retrying in place; after `maxAttempts` failures a chunk is
           * tried one message at a time and a message that still fails is parked as a dead letter.
           * False when the group is no longer ours (or stopping): nothing more may be resolved.
           */
          const applyWithRetries = async (messages: Message[]): Promise<boolean> => {
            let failures = 0;
            for (;;) {
              if (halted()) return false;
              try {
                const applied = await db.transaction().execute((trx) =>
                  applyEvents(
                    trx,
                    eventConsumer,
                    messages.map((message) => decodeEvent(message.value)),
                  ),
                );
                reportCommitted(eventConsumer, applied);
                return true;
              } catch (error) {
                options.onError?.(eventConsumer.name, error);
                if (!isDatabaseUnavailable(error)) failures += 1;
                if (failures >= maxAttempts) {
                  if (messages.length > 1) {
                    for (const message of messages) if (!(await applyWithRetries([message]))) return false;
                    return true;
                  }
                  const parked = await db
                    .transaction()
                    .execute((trx) =>
                      recordDeadLetter(trx, eventConsumer.name, eventOrRaw(messages[0]!.value), failures, error),
                    )
                    .catch((parkError: unknown) => {
                      options.onError?.(eventConsumer.name, parkError);
                      return undefined;
                    });
                  if (parked) {
                    options.onParked?.(parked);
                    return true;
                  }
                }
                await pause(Math.min(100 * 2 ** Math.max(failures, 1), 5_000), stopping.signal);
                await heartbeat().catch(() => undefined);
              }
            }
          };
          // Up to the consumer's `eventsPerTransaction`-th event it acts on a transaction, those it passes over along
          // (a message that is no event counts as acted on: it fails, alone, and is parked).
          const perTransaction = transactionSize(eventConsumer, batchSize);
          const actsOn = batch.messages.map((message) => {
            try {
              return concerns(eventConsumer, decodeEvent(message.value));
            } catch {
              return true;
            }
          });
          for (let start = 0; start < batch.messages.length;) {
            const end = start + eventsForOneTransaction(actsOn.slice(start, start + batchSize), perTransaction);
            const chunk = batch.messages.slice(start, end);
            start = end;
            if (!(await applyWithRetries(chunk))) return;
            resolveOffset(chunk.at(-1)!.offset);
            await commitOffsetsIfNecessary();
            await heartbeat();
          }
        },
      });
    }),
  );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.allSettled(running.map((consumer) => consumer.disconnect()));
    throw failed.reason;
  }
  return {
    async stop() {
      stopping.abort();
      await Promise.allSettled(running.map((consumer) => consumer.disconnect()));
    },
  };
}

/** Messages of the consumer's topics its group has not committed yet (Kafka gives no age for them). */
export async function kafkaConsumerLag(
  admin: Admin,
  consumer: EventConsumer,
  options: KafkaEventsOptions,
): Promise<ConsumerLag> {
  const topics = topicsOf(consumer, options);
  const committed = await admin.fetchOffsets({ groupId: consumerGroupId(options, consumer.name), topics });
  let pendingEvents = 0;
  for (const topic of topics) {
    const ends = await admin.fetchTopicOffsets(topic);
    const done = committed.find((entry) => entry.topic === topic)?.partitions ?? [];
    for (const end of ends) {
      const offset = Number(done.find((partition) => partition.partition === end.partition)?.offset ?? -1);
      pendingEvents += Number(end.high) - (offset >= 0 ? offset : Number(end.low));
    }
  }
  return { consumer: consumer.name, pendingEvents, oldestPendingSeconds: null };
}
