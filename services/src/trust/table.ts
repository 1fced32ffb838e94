import type { Generated, Selectable } from 'kysely';

/** Creator reliability over the last 90 days, one row per creator, refreshed by `refreshReliability`. */
export interface CreatorReliabilityTable {
  creator_id: number;
  due_count: Generated<number>;
  on_time_count: Generated<number>;
  median_perform_seconds: number | null;
  score: Generated<number>;
  refreshed_at: Generated<Date>;
}

/** A blocked member's objection to his login block, decided by operators. */
export interface BlockObjectionsTable {
  id: Generated<number>;
  user_id: number;
  blocked_at: Date;
  block_reason: string | null;
  reason: string;
  status: Generated<'PENDING' | 'ACCEPTED' | 'REJECTED'>;
  decided_by: number | null;
  decided_at: Date | null;
  decision_note: string | null;
  created_at: Generated<Date>;
}

export interface TrustTables {
  creator_reliability: CreatorReliabilityTable;
  block_objections: BlockObjectionsTable;
}

export type BlockObjectionRow = Selectable<BlockObjectionsTable>;

export type CreatorReliabilityRow = Selectable<CreatorReliabilityTable>;
