import type { Generated, Selectable } from 'kysely';

/** A member's like of a mission; `missions.likes_count` counts these rows. */
export interface MissionLikesTable {
  mission_id: number;
  user_id: number;
  created_at: Generated<Date>;
}

/** A member hiding a mission from his own lists (the mission stays visible to everybody else). */
export interface MissionBlocksTable {
  mission_id: number;
  user_id: number;
  created_at: Generated<Date>;
}

export interface MissionSocialTables {
  mission_likes: MissionLikesTable;
  mission_blocks: MissionBlocksTable;
}

export type MissionLikeRow = Selectable<MissionLikesTable>;
export type MissionBlockRow = Selectable<MissionBlocksTable>;
