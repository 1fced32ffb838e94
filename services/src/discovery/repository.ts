import { sql, type SqlBool } from 'kysely';
import type { CreatorSearchSort, Language } from '@fanmission/contracts';
import { containsPattern, type DbExecutor } from '../db';

export interface SearchFilter {
  name?: string | undefined;
  tagIds?: readonly number[] | undefined;
  sort: CreatorSearchSort;
  offset: number;
  limit: number;
}

export interface SearchRow {
  id: number;
  url: string | null;
  name: string;
  user_id: number;
  username: string;
  image_file_id: number | null;
  /** The profile image's file (joined: one query per page). */
  image_storage_key: string | null;
  image_content_type: string | null;
  image_thumbnail_key: string | null;
}

/**
 * A creator card's columns (the creator, its account's name and image file), read with `creators` joined to `users`:
 * the search's cards and the followed creators' list show the same card.
 */
export const CREATOR_CARD_COLUMNS = [
  'creators.id',
  'creators.url',
  'creators.name',
  'creators.user_id',
  'users.username',
  'users.image_file_id',
] as const;

/** `%`, `_` and `\` typed by a user match themselves. */

function searchable(db: DbExecutor, filter: Pick<SearchFilter, 'name' | 'tagIds'>) {
  // Literal conditions (not parameters), so the planner can match the partial index of searchable creators.
  let query = db.selectFrom('creators').where(sql<SqlBool>`creators.verified and not creators.contain_adult_content`);
  if (filter.name) {
    query = query.where(sql<SqlBool>`creators.name ilike ${containsPattern(filter.name)}`);
  }
  if (filter.tagIds && filter.tagIds.length > 0) {
    const tagIds = [...filter.tagIds];
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('creator_tags')
          .select(sql`1`.as('one'))
          .whereRef('creator_tags.creator_id', '=', 'creators.id')
          .where('creator_tags.tag_id', 'in', tagIds),
      ),
    );
  }
  return query;
}

/** How many creators a search finds, whatever the sort. */
export async function countSearchable(db: DbExecutor, filter: Pick<SearchFilter, 'name' | 'tagIds'>): Promise<number> {
  const row = await searchable(db, filter)
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of searchable creators: verified and not flagged for adult content. Sorts: newest (created desc);
 * popular (followers + likes desc); recommended (the 90-day reliability score of `creator_reliability`: missions
 * performed on time weighted by the on-time rate, on-time² / due). Every sort ends on the id, so pages never overlap or skip. The orders are exactly the
 * expressions of the indexes on creators and creator_popularity (every creator has its counters row), so a page
 * is read in index order instead of sorting every creator.
 */
export async function searchCreators(db: DbExecutor, filter: SearchFilter): Promise<SearchRow[]> {
  const query = searchable(db, filter)
    .innerJoin('users', 'users.id', 'creators.user_id')
    .leftJoin('files as image', 'image.id', 'users.image_file_id')
    .select([
      ...CREATOR_CARD_COLUMNS,
      'image.storage_key as image_storage_key',
      'image.content_type as image_content_type',
      'image.thumbnail_key as image_thumbnail_key',
    ]);
  const ordered =
    filter.sort === 'newest'
      ? query.orderBy('creators.created_at', 'desc').orderBy('creators.id', 'desc')
      : filter.sort === 'popular'
        ? query
            .innerJoin('creator_popularity as p', 'p.creator_id', 'creators.id')
            .orderBy(sql`(p.follower_count + p.like_count) desc`)
            .orderBy('p.creator_id', 'desc')
        : // The 90-day reliability figure the cards show: on-time missions weighted by the on-time rate.
          query
            .innerJoin('creator_reliability as r', 'r.creator_id', 'creators.id')
            .orderBy('r.score', 'desc')
            .orderBy('r.creator_id', 'desc');
  return ordered.limit(filter.limit).offset(filter.offset).execute();
}

export async function followedAmong(
  db: DbExecutor,
  userId: number,
  creatorIds: readonly number[],
): Promise<Set<number>> {
  if (creatorIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('follows')
    .select('creator_id')
    .where('user_id', '=', userId)
    .where('creator_id', 'in', [...creatorIds])
    .execute();
  return new Set(rows.map((row) => row.creator_id));
}

/**
 * Every tag with the number of searchable creators carrying it, in the operators' order (id), named in the reader's
 * language where the operators wrote one, else in Korean.
 */
export async function tagCounts(
  db: DbExecutor,
  language: Language,
): Promise<{ id: number; name: string; count: number }[]> {
  const translation = language === 'en' ? 'tags.name_en' : language === 'ja' ? 'tags.name_ja' : null;
  const name =
    translation === null ? sql<string>`tags.name` : sql<string>`coalesce(${sql.ref(translation)}, tags.name)`;
  const rows = await db
    .selectFrom('tags')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('creator_tags')
          .innerJoin('creators', 'creators.id', 'creator_tags.creator_id')
          .where('creators.verified', '=', true)
          .where('creators.contain_adult_content', '=', false)
          .select(['creator_tags.tag_id', (inner) => inner.fn.countAll<string>().as('count')])
          .groupBy('creator_tags.tag_id')
          .as('counts'),
      (join) => join.onRef('counts.tag_id', '=', 'tags.id'),
    )
    .select(['tags.id', name.as('name'), sql<string>`coalesce(counts.count, 0)`.as('count')])
    .orderBy('tags.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}
