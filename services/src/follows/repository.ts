import type { DbExecutor } from '../db';
import { CREATOR_CARD_COLUMNS } from '../discovery';

/** Adds the follow; false when it already existed. */
export async function insertFollow(db: DbExecutor, userId: number, creatorId: number): Promise<boolean> {
  const inserted = await db
    .insertInto('follows')
    .values({ user_id: userId, creator_id: creatorId })
    .onConflict((oc) => oc.columns(['user_id', 'creator_id']).doNothing())
    .returning('creator_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Removes the follow; false when there was none. */
export async function deleteFollow(db: DbExecutor, userId: number, creatorId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('follows')
    .where('user_id', '=', userId)
    .where('creator_id', '=', creatorId)
    .returning('creator_id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** The creator's exact follower count, kept by a trigger on `follows` in the transaction that follows or unfollows. */
export async function followerCount(db: DbExecutor, creatorId: number): Promise<number> {
  const row = await db
    .selectFrom('creator_page_totals')
    .select('followers')
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  return Number(row?.followers ?? 0);
}

function followedCreators(db: DbExecutor, userId: number) {
  return db
    .selectFrom('follows')
    .innerJoin('creators', 'creators.id', 'follows.creator_id')
    .innerJoin('users', 'users.id', 'creators.user_id')
    .where('follows.user_id', '=', userId)
    .where('creators.verified', '=', true);
}

/** The verified creators the user follows, most recently followed first. */
export async function listFollowed(db: DbExecutor, userId: number, window?: { offset: number; limit: number }) {
  let query = followedCreators(db, userId)
    .select([...CREATOR_CARD_COLUMNS, 'follows.created_at as followed_at'])
    .orderBy('follows.created_at', 'desc')
    .orderBy('follows.creator_id', 'desc');
  if (window) query = query.limit(window.limit).offset(window.offset);
  return query.execute();
}

export async function countFollowed(db: DbExecutor, userId: number): Promise<number> {
  const row = await followedCreators(db, userId)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
