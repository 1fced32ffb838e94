import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AggregateType } from '@fanmission/contracts';

export interface OutboxTable {
  position: Generated<number>;
  id: string;
  type: string;
  aggregate_type: AggregateType;
  aggregate_id: string;
  payload: ColumnType<unknown, string, never>;
  schema_version: number;
  occurred_at: Date;
  /** xid8 of the writing transaction (pg returns it as a string). */
  transaction_id: ColumnType<string, never, never>;
  recorded_at: ColumnType<Date, never, never>;
  sent_at: Date | null;
  /** The W3C traceparent of the work that recorded the event, while tracing is on. */
  trace_parent: ColumnType<string | null, string | null | undefined, never>;
}

/** An outbox row as the transports read it (raw SQL): the event's columns plus its place in the commit order. */
export interface OutboxEventRow {
  position: number;
  id: string;
  type: string;
  aggregate_type: AggregateType;
  aggregate_id: string;
  payload: unknown;
  schema_version: number;
  occurred_at: Date;
  transaction_id: string;
  trace_parent?: string | null;
}

export interface EventConsumerCheckpointsTable {
  consumer: string;
  /** xid8, as a string. */
  transaction_id: ColumnType<string, string | undefined, string>;
  position: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface EventConsumerProcessedTable {
  consumer: string;
  event_id: string;
  processed_at: ColumnType<Date, Date | undefined, never>;
}

/** One MISSION_RELEASE: coins the creator earned, in the Korea-time month (`YYYY-MM`). */
export interface SettlementFeedEntriesTable {
  ledger_transaction_id: number;
  creator_id: number;
  month: string;
  mission_id: number | null;
  coins: number;
  occurred_at: Date;
}

/** Per creator per Korea-time month: coins earned from MISSION_RELEASE and how many releases. */
export interface SettlementFeedTable {
  creator_id: number;
  /** Korea-time month, YYYY-MM. */
  month: string;
  coins: number;
  missions: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface EventsTables {
  outbox: OutboxTable;
  event_consumer_checkpoints: EventConsumerCheckpointsTable;
  event_consumer_processed: EventConsumerProcessedTable;
  settlement_feed_entries: SettlementFeedEntriesTable;
  settlement_feed: SettlementFeedTable;
}

export type OutboxRow = Selectable<OutboxTable>;
