import { domainEventDefinitions, type AggregateType } from '@fanmission/contracts';
import type { Admin, Consumer, Kafka } from 'kafkajs';
import type { Db } from '../db';
import { applyEvents, eventTypesOf, type EventConsumer } from './consumer';
import { consumerGroupId, decodeEvent, ensureEventTopics, eventTopic, type KafkaEventsOptions } from './kafka';
import { DEFAULT_BATCH_SIZE, pause, type ConsumerLag, type RunningConsumers } from './postgres-transport';

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
  options: KafkaEventsOptions & { batchSize?: number; onError?: (consumer: string, error: unknown) => void },
): Promise<RunningConsumers> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  await ensureEventTopics(kafka, options);
  const running: Consumer[] = [];
  const stopping = new AbortController();
  try {
    for (const eventConsumer of consumers) {
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
          for (let start = 0; start < batch.messages.length; start += batchSize) {
            const chunk = batch.messages.slice(start, start + batchSize);
            let failures = 0;
            for (;;) {
              if (!isRunning() || isStale() || stopping.signal.aborted) return;
              try {
                await db.transaction().execute((trx) =>
                  applyEvents(
                    trx,
                    eventConsumer,
                    chunk.map((message) => decodeEvent(message.value)),
                  ),
                );
                break;
              } catch (error) {
                failures += 1;
                options.onError?.(eventConsumer.name, error);
                await pause(Math.min(100 * 2 ** failures, 5_000), stopping.signal);
                await heartbeat().catch(() => undefined);
              }
            }
            resolveOffset(chunk.at(-1)!.offset);
            await commitOffsetsIfNecessary();
            await heartbeat();
          }
        },
      });
    }
  } catch (error) {
    await Promise.allSettled(running.map((consumer) => consumer.disconnect()));
    throw error;
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
