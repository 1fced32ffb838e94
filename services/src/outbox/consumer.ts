import { DOMAIN_EVENT_TYPES, type DomainEvent, type DomainEventType } from '@fanmission/contracts';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db';
import { withEventSpan } from '../telemetry';

/** Applies one event's effect inside the transaction that also records the event as processed. */
export type EventHandler<T extends DomainEventType> = (
  trx: Transaction<Database>,
  event: DomainEvent<T>,
) => Promise<void>;

export type EventHandlers = { [T in DomainEventType]?: EventHandler<T> };

/**
 * A consumer of domain events: the same object runs on either transport (Kafka consumer group, or the Postgres
 * outbox reader of embedded mode). Its name is its checkpoint and consumer-group name; renaming it starts over.
 */
export interface EventConsumer {
  readonly name: string;
  readonly handlers: EventHandlers;
  /**
   * Told of the events it applied once their transaction has committed, never of a batch rolled back (counters that
   * must count each event once). Both transports call it; what it throws is ignored.
   */
  readonly afterCommit?: (applied: readonly DomainEvent[]) => void;
  /**
   * At most this many events in one transaction (the transports' batch size when absent). A consumer whose handlers
   * act outside the database (a mail sent) takes 1: a transaction that fails after its effects (a mail server refusing
   * the tenth mail, the process killed, the database restarted) comes again with all its events, and with 500 to a
   * transaction every mail sent before the failure went out again, at every retry.
   */
  readonly eventsPerTransaction?: number;
  /**
   * Of the events it has a handler for, those its handler acts on (all when absent): a cheap test of the event alone.
   * The others are passed over like events of a type it does not handle: no handler call, no record of them, and
   * they count towards no `eventsPerTransaction` (a mail consumer passes a thousand lucky rolls' ledger events in one
   * transaction, not in a thousand).
   */
  readonly concerns?: (event: DomainEvent) => boolean;
}

export const defineConsumer = (
  name: string,
  handlers: EventHandlers,
  options: Pick<EventConsumer, 'eventsPerTransaction' | 'concerns'> = {},
): EventConsumer => ({ name, handlers, ...options });

/** Whether the consumer acts on the event: it has a handler for its type and the handler would act on it. */
export const concerns = (consumer: EventConsumer, event: DomainEvent): boolean =>
  consumer.handlers[event.type] !== undefined && (consumer.concerns?.(event) ?? true);

/** How many of the events the consumer acts on one transaction applies, in a transport's batch of `batchSize`. */
export const transactionSize = (consumer: EventConsumer, batchSize: number) =>
  Math.max(1, Math.min(batchSize, consumer.eventsPerTransaction ?? batchSize));

/**
 * How many events (in order; `actsOn` says of each whether the consumer acts on it) one transaction takes: all of
 * them, or up to and including the `limit`-th it acts on. Those it passes over before that go along; those after it
 * wait for the next transaction.
 */
export function eventsForOneTransaction(actsOn: readonly boolean[], limit: number): number {
  let acted = 0;
  for (let index = 0; index < actsOn.length; index += 1) {
    if (actsOn[index]) acted += 1;
    if (acted === limit) return index + 1;
  }
  return actsOn.length;
}

/** Hands the events a committed transaction applied to the consumer's `afterCommit`. */
export function reportCommitted(consumer: EventConsumer, applied: readonly DomainEvent[]): void {
  if (applied.length === 0 || !consumer.afterCommit) return;
  try {
    consumer.afterCommit(applied);
  } catch {
    // A counter must never stop the pipeline: the events are applied and committed.
  }
}

export function eventTypesOf(consumer: EventConsumer): DomainEventType[] {
  return DOMAIN_EVENT_TYPES.filter((type) => consumer.handlers[type] !== undefined);
}

/**
 * Applies the events the consumer acts on (`concerns`), in order, skipping those it has applied before (a Kafka redelivery, a
 * second relay's duplicate): the ids go into `event_consumer_processed` in the caller's transaction, together with
 * the effects, so an event's effect exists exactly when its id does. Returns the events applied (for
 * `reportCommitted` once the caller's transaction has committed).
 */
export async function applyEvents(
  trx: Transaction<Database>,
  consumer: EventConsumer,
  events: readonly DomainEvent[],
): Promise<DomainEvent[]> {
  const seen = new Set<string>();
  const relevant = events.filter((event) => {
    if (!concerns(consumer, event) || seen.has(event.id)) return false;
    seen.add(event.id);
    return true;
  });
  if (relevant.length === 0) return [];
  const { rows } = await sql<{ event_id: string }>`
    insert into event_consumer_processed (consumer, event_id)
    select ${consumer.name}, id from unnest(${relevant.map((event) => event.id)}::uuid[]) as id
    on conflict do nothing
    returning event_id`.execute(trx);
  const fresh = new Set(rows.map((row) => row.event_id));
  const applied: DomainEvent[] = [];
  for (const event of relevant) {
    if (!fresh.has(event.id)) continue;
    const handler = consumer.handlers[event.type] as EventHandler<DomainEventType>;
    await withEventSpan(consumer.name, event, () => handler(trx, event));
    applied.push(event);
  }
  return applied;
}
