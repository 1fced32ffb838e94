import type { AppConfig } from '../config';
import type { Db } from '../db';
import { runsRelay, runsWorker, type ProcessRole } from './roles';
import {
  createKafka,
  type EventConsumer,
  type KafkaEventsOptions,
  type ParkedEvent,
  startKafkaConsumers,
  startPostgresConsumers,
  startRelay,
} from '../outbox';

/**
 * Starts what the role runs of the event pipeline and returns one stop for all of it. With KAFKA_BROKERS, the relay
 * role (and `all`) publishes the outbox to Kafka and the worker role (and `all`) runs the consumers as Kafka consumer
 * groups; without it (embedded mode) the worker role runs them over the Postgres outbox and no relay is needed.
 */
export async function startEventProcessing(options: {
  config: AppConfig;
  db: Db;
  role: ProcessRole;
  /** The consumers to run (the composition root's list). */
  consumers: readonly EventConsumer[];
  log: (line: string) => void;
}): Promise<() => Promise<void>> {
  const { config, db, role, log, consumers: eventConsumers } = options;
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse().splice(0)) await stop();
  };
  const kafkaOptions: KafkaEventsOptions = { brokers: config.KAFKA_BROKERS };
  const kafkaEnabled = config.KAFKA_BROKERS.length > 0;
  if (role === 'relay' && !kafkaEnabled) {
    throw new Error('KAFKA_BROKERS is not set: the relay publishes the outbox to Kafka (embedded mode needs no relay)');
  }
  // An outage repeats the same failure every few seconds: report a change, not every retry.
  const reporter = (what: string) => {
    let last = '';
    return (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== last) log(`${what}: ${message}`);
      last = message;
    };
  };
  try {
    if (runsRelay(role) && kafkaEnabled) {
      const relay = await startRelay(db, createKafka(kafkaOptions, 'relay'), {
        ...kafkaOptions,
        onError: reporter('outbox relay'),
      });
      stops.push(() => relay.stop());
      log(`outbox relay publishing to Kafka at ${config.KAFKA_BROKERS.join(',')}`);
    }
    if (runsWorker(role)) {
      const names = eventConsumers.map((consumer) => consumer.name).join(', ');
      const onError = (consumer: string, error: unknown) => reporter(`event consumer ${consumer}`)(error);
      // The alert of a poison event: one line per parked event; /metrics counts them per consumer.
      const onParked = (parked: ParkedEvent) =>
        log(
          `ALERT event consumer ${parked.consumer} parked event ${parked.event.id} (${parked.event.type}) after ` +
            `${parked.attempts} failed attempts: ${parked.error}`,
        );
      if (kafkaEnabled) {
        const consumers = await startKafkaConsumers(db, createKafka(kafkaOptions, 'consumers'), eventConsumers, {
          ...kafkaOptions,
          onError,
          onParked,
        });
        stops.push(() => consumers.stop());
        log(`event consumers (${names}) reading Kafka consumer groups`);
      } else {
        const consumers = startPostgresConsumers(db, eventConsumers, { onError, onParked });
        stops.push(() => consumers.stop());
        log(`event consumers (${names}) reading the Postgres outbox`);
      }
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
