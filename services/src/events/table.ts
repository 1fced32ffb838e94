import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { EventStatus } from '@fanmission/contracts';

/** A day in Korea time, 'YYYY-MM-DD'. */
type DateColumn = string;
type BigintArray = ColumnType<string[] | null, number[] | null, number[] | null>;

export interface LotteryEventsTable {
  product_id: number;
  creator_id: number;
  title: string;
  description: string;
  draw_number: number;
  apply_start: DateColumn;
  apply_end: DateColumn;
  event_end: DateColumn;
  status: EventStatus;
  server_seed: Buffer;
  commitment: string;
  /** The frozen entry list (mission ids ascending), set when applications close; bigint[] comes back as strings. */
  entries: BigintArray;
  entries_hash: string | null;
  /** The next unused random choice number n of the draw. */
  next_choice: Generated<number>;
  drawn_automatically: Generated<boolean>;
  applying_at: Date | null;
  drawing_at: Date | null;
  drawn_at: Date | null;
  prize_due_at: Date | null;
  closed_at: Date | null;
  canceled_at: Date | null;
  workflow_started_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EventApplicationsTable {
  mission_id: number;
  product_id: number;
  user_id: number;
  name: string;
  phone: string;
  address: string | null;
  address_detail: string | null;
  read_at: Date | null;
  picked: Generated<boolean>;
}

export interface EventDrawsTable {
  id: Generated<number>;
  product_id: number;
  seq: number;
  /** The random choice number n; null for manual picks and unpicks. */
  choice: number | null;
  mission_id: number;
  manual: boolean;
  action: 'PICK' | 'UNPICK';
  created_at: Date;
}

export interface RouletteSeedsTable {
  id: Generated<number>;
  user_id: number;
  server_seed: Buffer;
  commitment: string;
  client_seed: string;
  next_nonce: Generated<number>;
  created_at: Generated<Date>;
  revealed_at: Date | null;
}

export interface LotteryEventsTables {
  roulette_seeds: RouletteSeedsTable;
  lottery_events: LotteryEventsTable;
  event_applications: EventApplicationsTable;
  event_draws: EventDrawsTable;
}

export type LotteryEventRow = Selectable<LotteryEventsTable>;
export type NewLotteryEvent = Insertable<LotteryEventsTable>;
export type EventApplicationRow = Selectable<EventApplicationsTable>;
export type EventDrawRow = Selectable<EventDrawsTable>;
