import type { Generated } from 'kysely';

/** A creator's pause and overall cap on open requests (migration 0680; docs/rules/creators.md). */
export interface CreatorCapacityTable {
  creator_id: number;
  paused: Generated<boolean>;
  /** The Korea-time day the pause ends by itself (at 00:00 KST), as YYYY-MM-DD. */
  return_on: string | null;
  pause_message: string | null;
  max_open_requests: number | null;
  updated_at: Generated<Date>;
}
