import { randomUUID } from 'node:crypto';
import {
  type AggregateType,
  domainEventDefinitions,
  EVENT_SCHEMA_VERSION,
  parseEventPayload,
  type DomainEvent,
  type DomainEventPayload,
  type DomainEventType,
} from '@fanmission/contracts';
import type { Insertable } from 'kysely';
import type { DbExecutor } from '../db';
import { currentTraceParent, traceIdOfParent } from '../telemetry';
import type { OutboxTable } from './table';

export interface NewDomainEvent<T extends DomainEventType = DomainEventType> {
  type: T;
  payload: DomainEventPayload<T>;
  occurredAt: Date;
}

/** A new event, typed by its event type (use inside `recordEvents([...])`). */
export const domainEvent = <T extends DomainEventType>(
  type: T,
  payload: DomainEventPayload<T>,
  occurredAt: Date,
): NewDomainEvent<T> => ({ type, payload, occurredAt });

/** The payload field naming an event's aggregate: a payment's is its member (his requests stay in order). */
const AGGREGATE_ID_FIELDS: Record<AggregateType, string> = {
  ledger: 'transactionId',
  creator: 'creatorId',
  mission: 'missionId',
  payment: 'userId',
  member: 'userId',
};

function aggregateIdOf(type: DomainEventType, payload: Record<string, unknown>): string {
  return String(payload[AGGREGATE_ID_FIELDS[domainEventDefinitions[type].aggregateType]]);
}

/** The events as recorded: validated against their contracts schema (a bad payload throws), with ids. */
function recordedEvents(events: readonly NewDomainEvent[]): DomainEvent[] {
  const traceParent = currentTraceParent();
  return events.map((event): DomainEvent => {
    const payload = parseEventPayload(event.type, event.payload) as Record<string, unknown>;
    return {
      id: randomUUID(),
      type: event.type,
      aggregateType: domainEventDefinitions[event.type].aggregateType,
      aggregateId: aggregateIdOf(event.type, payload),
      payload: payload as DomainEvent['payload'],
      occurredAt: event.occurredAt.toISOString(),
      schemaVersion: EVENT_SCHEMA_VERSION,
      ...(traceParent && { traceParent }),
    };
  });
}

const rowOf = (event: DomainEvent): Insertable<OutboxTable> => ({
  ...(event.traceParent && { trace_parent: event.traceParent }),
  id: event.id,
  type: event.type,
  aggregate_type: event.aggregateType,
  aggregate_id: event.aggregateId,
  payload: JSON.stringify(event.payload),
  schema_version: event.schemaVersion,
  occurred_at: new Date(event.occurredAt),
});

/**
 * The outbox rows of events, validated as `recordEvents` validates them, for a caller that inserts them in the same
 * statement as its change (one round trip instead of two; the same transaction, so the same guarantee).
 */
export function outboxRows(events: readonly NewDomainEvent[]): Insertable<OutboxTable>[] {
  return recordedEvents(events).map(rowOf);
}

/**
 * Appends events to the outbox. Call it with the transaction that makes the change, so the events exist exactly when
 * the change does. Payloads are validated against their contracts schema first (a bad payload throws and the
 * transaction rolls back).
 */
export async function recordEvents(executor: DbExecutor, events: readonly NewDomainEvent[]): Promise<DomainEvent[]> {
  if (events.length === 0) return [];
  const recorded = recordedEvents(events);
  await executor.insertInto('outbox').values(recorded.map(rowOf)).execute();
  return recorded;
}

/**
 * The trace of each aggregate's first traced event (the request that made it), by aggregate id; aggregates without
 * one are absent. Reads the partial index of traced events only.
 */
export async function firstTraceIds(
  db: DbExecutor,
  aggregateType: AggregateType,
  aggregateIds: readonly (number | string)[],
): Promise<Map<string, string>> {
  if (aggregateIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('outbox')
    .distinctOn('aggregate_id')
    .select(['aggregate_id', 'trace_parent'])
    .where('aggregate_type', '=', aggregateType)
    .where('aggregate_id', 'in', aggregateIds.map(String))
    .where('trace_parent', 'is not', null)
    .orderBy('aggregate_id')
    .orderBy('position')
    .execute();
  const traces = new Map<string, string>();
  for (const row of rows) {
    const traceId = traceIdOfParent(row.trace_parent);
    if (traceId) traces.set(row.aggregate_id, traceId);
  }
  return traces;
}
