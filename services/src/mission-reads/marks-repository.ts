import { sql } from 'kysely';
import type { DbExecutor } from '../db';

// A member's marks on a mission: likes (with the mission's count) and blocks.

/** Adds the like; false when the user already liked the mission. */
export async function insertLike(db: DbExecutor, missionId: number, userId: number, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('mission_likes')
    .values({ mission_id: missionId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['mission_id', 'user_id']).doNothing())
    .returning('mission_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Removes the like; false when there was none. */
export async function deleteLike(db: DbExecutor, missionId: number, userId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('mission_likes')
    .where('mission_id', '=', missionId)
    .where('user_id', '=', userId)
    .returning('mission_id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** Moves the counter by delta in one statement (no read-then-write) and returns the new count. */
export async function adjustLikesCount(db: DbExecutor, missionId: number, delta: 1 | -1): Promise<number> {
  const row = await db
    .updateTable('missions')
    .set({ likes_count: sql<number>`likes_count + ${delta}` })
    .where('id', '=', missionId)
    .returning('likes_count')
    .executeTakeFirstOrThrow();
  return row.likes_count;
}

export async function findLikesCount(db: DbExecutor, missionId: number): Promise<number> {
  const row = await db
    .selectFrom('missions')
    .select('likes_count')
    .where('id', '=', missionId)
    .executeTakeFirstOrThrow();
  return row.likes_count;
}

export async function insertBlock(db: DbExecutor, missionId: number, userId: number, now: Date): Promise<void> {
  await db
    .insertInto('mission_blocks')
    .values({ mission_id: missionId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['mission_id', 'user_id']).doNothing())
    .execute();
}

export async function deleteBlock(db: DbExecutor, missionId: number, userId: number): Promise<void> {
  await db.deleteFrom('mission_blocks').where('mission_id', '=', missionId).where('user_id', '=', userId).execute();
}
