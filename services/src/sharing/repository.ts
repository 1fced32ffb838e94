import type { MissionStatus } from '@fanmission/contracts';
import type { DbExecutor } from '../db';

/** A mission as its share page needs it: its state, who made it, what it answers with. */
export interface ShareSubjectRow {
  id: number;
  status: MissionStatus;
  is_private: boolean;
  user_id: number;
  creator_id: number;
  content_blocked_at: Date | null;
  creator_adult: boolean;
  creator_name: string;
  product_name: string;
  video_file_id: number | null;
  picture_file_id: number | null;
  voice_file_id: number | null;
  creator_image_file_id: number | null;
  sharing_off: boolean;
}

function subjects(db: DbExecutor) {
  return db
    .selectFrom('missions as m')
    .innerJoin('creators as c', 'c.id', 'm.creator_id')
    .innerJoin('mission_products as p', 'p.id', 'm.product_id')
    .innerJoin('users as cu', 'cu.id', 'c.user_id')
    .leftJoin('creator_sharing_off as off', 'off.creator_id', 'm.creator_id')
    .select((eb) => [
      'm.id',
      'm.status',
      'm.is_private',
      'm.user_id',
      'm.creator_id',
      'm.content_blocked_at',
      // The creator's flag read now, besides the mission's copy of it (docs/rules/adult-content.md).
      eb.or([eb('m.creator_adult', '=', true), eb('c.contain_adult_content', '=', true)]).as('creator_adult'),
      'c.name as creator_name',
      'p.name as product_name',
      'm.video_file_id',
      'm.picture_file_id',
      'm.voice_file_id',
      'cu.image_file_id as creator_image_file_id',
      eb('off.creator_id', 'is not', null).as('sharing_off'),
    ]);
}

export async function findShareSubject(db: DbExecutor, missionId: number): Promise<ShareSubjectRow | undefined> {
  return (await subjects(db).where('m.id', '=', missionId).executeTakeFirst()) as ShareSubjectRow | undefined;
}

/** The mission an active (not revoked) link with this token hash opens. */
export async function findLinkedSubject(db: DbExecutor, tokenHash: string): Promise<ShareSubjectRow | undefined> {
  return (await subjects(db)
    .innerJoin('mission_share_links as l', 'l.mission_id', 'm.id')
    .where('l.token_hash', '=', tokenHash)
    .where('l.revoked_at', 'is', null)
    .executeTakeFirst()) as ShareSubjectRow | undefined;
}

export async function findActiveLink(db: DbExecutor, missionId: number) {
  return await db
    .selectFrom('mission_share_links')
    .select(['id', 'created_at'])
    .where('mission_id', '=', missionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function revokeLinks(db: DbExecutor, missionId: number, at: Date): Promise<void> {
  await db
    .updateTable('mission_share_links')
    .set({ revoked_at: at })
    .where('mission_id', '=', missionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertLink(db: DbExecutor, link: { missionId: number; tokenHash: string; createdBy: number }) {
  return await db
    .insertInto('mission_share_links')
    .values({ mission_id: link.missionId, token_hash: link.tokenHash, created_by: link.createdBy, revoked_at: null })
    .returning(['created_at'])
    .executeTakeFirstOrThrow();
}

export async function sharingOff(db: DbExecutor, creatorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('creator_sharing_off')
    .select('creator_id')
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setSharingOff(db: DbExecutor, creatorId: number, off: boolean): Promise<void> {
  if (off) {
    await db
      .insertInto('creator_sharing_off')
      .values({ creator_id: creatorId })
      .onConflict((oc) => oc.column('creator_id').doNothing())
      .execute();
  } else {
    await db.deleteFrom('creator_sharing_off').where('creator_id', '=', creatorId).execute();
  }
}
