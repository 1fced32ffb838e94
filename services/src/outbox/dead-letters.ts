/*
 * Dead letters: an event a consumer keeps failing on is recorded with what it failed with and counts as processed,
 * so the consumer moves on (both transports park this way; on Postgres, parking also moves the checkpoint past it).
 */
import type { DomainEvent } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { Db, DbExecutor } from '../db';
import { concerns, eventsForOneTransaction, type EventConsumer } from './consumer';
import { consumerTurn, DEFAULT_BATCH_SIZE, outboxRowToEvent } from './postgres-transport';

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
 * Parks the consumer's next event it acts on (the one its last batches of one failed on) and moves its checkpoint past
 * it and past the events it passes over before it. Undefined when there is no such event (someone else moved the
 * checkpoint meanwhile).
 */
export async function parkNextEvent(
  db: Db,
  consumer: EventConsumer,
  attempts: number,
  error: unknown,
): Promise<ParkedEvent | undefined> {
  return consumerTurn(
    db,
    consumer.name,
    DEFAULT_BATCH_SIZE,
    async (trx, rows) => {
      const next = outboxRowToEvent(rows.at(-1)!);
      return concerns(consumer, next) ? recordDeadLetter(trx, consumer.name, next, attempts, error) : undefined;
    },
    (rows) =>
      eventsForOneTransaction(
        rows.map((row) => concerns(consumer, outboxRowToEvent(row))),
        1,
      ),
  );
}
