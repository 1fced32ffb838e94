import { CREATOR_RANK_LIMIT, CREATOR_TOP_SUPPORTERS } from '@fanmission/contracts';
import { sql, type SqlBool } from 'kysely';
import type { DbExecutor } from '../db';

export interface SupporterRow {
  user_id: number;
  username: string;
  image_file_id: number | null;
}

/**
 * The creator's top supporters: the first entries of `creator_supporters_top` (migrations 0310, 0371: public,
 * unblocked missions only) for him, members who deleted their account or left the ranking (`ranking_opt_out`) left
 * out. Reads a few index entries, however many fans and missions the creator has.
 */
export async function topSupporters(db: DbExecutor, creatorId: number): Promise<SupporterRow[]> {
  return await db
    .selectFrom('creator_supporters as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 'u.username', 'u.image_file_id'])
    .where('s.creator_id', '=', creatorId)
    .where(sql<SqlBool>`s.coins > 0`)
    .where('u.deleted_at', 'is', null)
    .where('u.ranking_opt_out', '=', false)
    .orderBy('s.coins', 'desc')
    .orderBy('s.user_id', 'asc')
    .limit(CREATOR_TOP_SUPPORTERS)
    .execute();
}

/**
 * The creator's place in the search's popular order (followers + likes desc, then id desc, among verified creators
 * not flagged for adult content: services/src/discovery/repository.ts), or null when he is not listed or places
 * below `CREATOR_RANK_LIMIT`. The creators ahead of him are counted along the index of that order
 * (`creator_popularity_popular`) and the count stops at the limit: a bounded read whatever the number of creators.
 */
export async function popularityRank(db: DbExecutor, creatorId: number): Promise<number | null> {
  const { rows } = await sql<{ listed: boolean; ahead: number | null }>`
    with me as (
      select p.follower_count + p.like_count as score, p.creator_id
      from creator_popularity p join creators c on c.id = p.creator_id
      where p.creator_id = ${creatorId} and c.verified and not c.contain_adult_content
    )
    select exists (select 1 from me) as listed,
      (select count(*)::int from (
        select 1 from creator_popularity p join creators c on c.id = p.creator_id, me
        where c.verified and not c.contain_adult_content
          and (p.follower_count + p.like_count, p.creator_id) > (me.score, me.creator_id)
        order by p.follower_count + p.like_count desc, p.creator_id desc
        limit ${CREATOR_RANK_LIMIT}
      ) ahead) as ahead`.execute(db);
  const row = rows[0];
  if (!row?.listed || row.ahead === null || row.ahead >= CREATOR_RANK_LIMIT) return null;
  return row.ahead + 1;
}
