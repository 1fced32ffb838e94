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
  sent_at: Date | null;
}

export interface EventsTables {
  outbox: OutboxTable;
}

export type OutboxRow = Selectable<OutboxTable>;
