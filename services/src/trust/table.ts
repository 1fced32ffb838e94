import type { Generated, Selectable } from 'kysely';

/** Creator reliability over the last 90 days (issue 22), one row per creator, refreshed by `refreshReliability`. */
export interface CreatorReliabilityTable {
  creator_id: number;
  due_count: Generated<number>;
  on_time_count: Generated<number>;
  median_perform_seconds: number | null;
  score: Generated<number>;
  refreshed_at: Generated<Date>;
}

export interface TrustTables {
  creator_reliability: CreatorReliabilityTable;
}

export type CreatorReliabilityRow = Selectable<CreatorReliabilityTable>;
