import type { Generated, Selectable } from 'kysely';

/** An unlisted link to a private completed mission's share page; only the token's SHA-256 is kept (migration 0660). */
export interface MissionShareLinksTable {
  id: Generated<number>;
  mission_id: number;
  token_hash: string;
  /** The requester who made it. */
  created_by: number;
  created_at: Generated<Date>;
  /** A revoked link answers 404 like one that never existed; at most one link per mission is not revoked. */
  revoked_at: Date | null;
}

/** A creator who turned sharing of his missions off (a row means off). */
export interface CreatorSharingOffTable {
  creator_id: number;
  turned_off_at: Generated<Date>;
}

export interface SharingTables {
  mission_share_links: MissionShareLinksTable;
  creator_sharing_off: CreatorSharingOffTable;
}

export type MissionShareLinkRow = Selectable<MissionShareLinksTable>;
