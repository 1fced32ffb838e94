import {
  MISSION_COUNT_CAP,
  type MissionCounts,
  type MissionSortOrder,
  type MissionStatus,
  type MissionType,
  type ProductType,
  type SortDirection,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import { countUpTo } from '../admin';
import type { DbExecutor } from '../db';
import type { MissionRow } from '../missions';
/** Who is reading: private missions are for their requester, their creator and operators only. */
export interface MissionViewer {
  userId: number | null;
  creatorId: number | null;
  operator: boolean;
}

export interface MissionFilters {
  statuses: readonly MissionStatus[];
  productType?: ProductType | undefined;
  productId?: number | undefined;
  creatorId?: number | undefined;
  /** Only this requester's missions. */
  userId?: number | undefined;
  /** [from, to) on the column named. */
  period?: { column: 'created_at' | 'completed_at'; from: Date; to: Date } | undefined;
  /** Leave out the missions the viewer hid (`mission_blocks`). */
  hideBlocked: boolean;
}

export interface Window {
  offset: number;
  limit: number;
}

export async function findMission(db: DbExecutor, id: number): Promise<MissionRow | undefined> {
  return await db.selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The missions the viewer may see that match the filters. A mission the viewer is not a party to is listed only when
 * it is public and not CREATED (an unplayed roulette is nobody else's business).
 */
function filteredMissions(
  db: DbExecutor,
  viewer: MissionViewer,
  filters: MissionFilters,
  /** Every mission the viewer may see, only the public ones, or only those he sees as a party and others do not. */
  part: 'all' | 'public' | 'partyOnly' = 'all',
) {
  let query = db.selectFrom('missions as m').where('m.status', 'in', [...filters.statuses]);
  if (!viewer.operator) {
    query = query.where((eb) => {
      // A mission an operator blocked (console) is listed for its parties only.
      const publicMission = eb.and([
        eb('m.is_private', '=', false),
        eb('m.status', '<>', 'CREATED'),
        eb('m.content_blocked_at', 'is', null),
      ]);
      const parties = [];
      if (viewer.userId !== null) parties.push(eb('m.user_id', '=', viewer.userId));
      if (viewer.creatorId !== null) parties.push(eb('m.creator_id', '=', viewer.creatorId));
      if (part === 'public') return publicMission;
      if (part === 'partyOnly') return eb.and([eb.not(publicMission), eb.or(parties)]);
      return eb.or([publicMission, ...parties]);
    });
  }
  if (filters.hideBlocked && viewer.userId !== null) {
    const userId = viewer.userId;
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mission_blocks as b')
            .select('b.mission_id')
            .whereRef('b.mission_id', '=', 'm.id')
            .where('b.user_id', '=', userId),
        ),
      ),
    );
  }
  if (filters.productType !== undefined) query = query.where('m.type', '=', filters.productType);
  if (filters.productId !== undefined) query = query.where('m.product_id', '=', filters.productId);
  if (filters.creatorId !== undefined) query = query.where('m.creator_id', '=', filters.creatorId);
  if (filters.userId !== undefined) query = query.where('m.user_id', '=', filters.userId);
  if (filters.period) {
    const { column, from, to } = filters.period;
    query = query.where(`m.${column}`, '>=', from).where(`m.${column}`, '<', to);
  }
  return query;
}

const SORT_COLUMNS = { CREATED: 'm.created_at', COMPLETED: 'm.completed_at', COIN_PRICE: 'm.coin_price' } as const;

export async function listMissions(
  db: DbExecutor,
  viewer: MissionViewer,
  filters: MissionFilters,
  options: { order: MissionSortOrder; direction: SortDirection; window: Window },
): Promise<{ rows: MissionRow[]; total: number }> {
  const direction = options.direction === 'ASC' ? 'asc' : 'desc';
  const column = SORT_COLUMNS[options.order];
  const ordered = (query: ReturnType<typeof filteredMissions>, window: Window) =>
    query
      .selectAll('m')
      .orderBy(column, (ob) => (direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast()))
      .orderBy('m.id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute();
  const party = viewer.userId !== null || viewer.creatorId !== null;
  if (viewer.operator || !party || filters.creatorId !== undefined || filters.userId !== undefined) {
    // One party's missions (an index on the creator or the requester), or only public ones: one query.
    const query = filteredMissions(db, viewer, filters);
    const [rows, total] = await Promise.all([ordered(query, options.window), countUpTo(query)]);
    return { rows, total };
  }
  // Browsing everyone's missions as a party: the public ones (in the order of an index over public missions) and the
  // few only a party sees, each up to the end of the page, merged. One query with both would read and sort every
  // matching mission on each page.
  const upToPage = { offset: 0, limit: options.window.offset + options.window.limit };
  const publicMissions = filteredMissions(db, viewer, filters, 'public');
  const partyOnly = filteredMissions(db, viewer, filters, 'partyOnly');
  const [publicRows, partyRows, publicTotal, partyTotal] = await Promise.all([
    ordered(publicMissions, upToPage),
    ordered(partyOnly, upToPage),
    countUpTo(publicMissions),
    countUpTo(partyOnly),
  ]);
  const key = SORT_KEYS[options.order];
  const sign = direction === 'asc' ? 1 : -1;
  const rows = [...publicRows, ...partyRows]
    .sort((a, b) => {
      const left = key(a);
      const right = key(b);
      if (left === null || right === null) return left === right ? sign * (a.id - b.id) : left === null ? 1 : -1;
      return sign * (left - right) || sign * (a.id - b.id);
    })
    .slice(options.window.offset, options.window.offset + options.window.limit);
  return { rows, total: publicTotal + partyTotal };
}

/** The sort columns' values as numbers (null last in either direction), as the SQL orders them. */
const SORT_KEYS: Record<MissionSortOrder, (row: MissionRow) => number | null> = {
  CREATED: (row) => row.created_at.getTime(),
  COMPLETED: (row) => row.completed_at?.getTime() ?? null,
  COIN_PRICE: (row) => row.coin_price,
};

/** How many missions match and the coins they hold, over every page (a management list's totals). */
export async function totalMissions(
  db: DbExecutor,
  viewer: MissionViewer,
  filters: MissionFilters,
): Promise<{ count: number; coins: number }> {
  const row = await filteredMissions(db, viewer, filters)
    .select([(eb) => eb.fn.countAll<string>().as('count'), sql<string>`coalesce(sum(m.coin_price), 0)`.as('coins')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), coins: Number(row.coins) };
}

/** Missions the user liked that the viewer (the same user) may see, last liked first. */
export async function listLikedMissions(
  db: DbExecutor,
  viewer: MissionViewer & { userId: number },
  statuses: readonly MissionStatus[],
  window: Window,
): Promise<{ rows: MissionRow[]; total: number }> {
  const query = filteredMissions(db, viewer, { statuses, hideBlocked: true }).innerJoin('mission_likes as l', (join) =>
    join.onRef('l.mission_id', '=', 'm.id').on('l.user_id', '=', viewer.userId),
  );
  const [rows, counted] = await Promise.all([
    query
      .selectAll('m')
      .orderBy('l.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

export interface RequesterRow {
  id: number;
  username: string;
  image_file_id: number | null;
}

export async function findUsers(db: DbExecutor, ids: readonly number[]): Promise<Map<number, RequesterRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'image_file_id'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Of these missions, the ones the user liked and the ones he hid. */
export async function findViewerMarks(
  db: DbExecutor,
  userId: number,
  missionIds: readonly number[],
): Promise<{ liked: Set<number>; blocked: Set<number> }> {
  if (missionIds.length === 0) return { liked: new Set(), blocked: new Set() };
  const ids = [...new Set(missionIds)];
  const [likes, blocks] = await Promise.all([
    db
      .selectFrom('mission_likes')
      .select('mission_id')
      .where('user_id', '=', userId)
      .where('mission_id', 'in', ids)
      .execute(),
    db
      .selectFrom('mission_blocks')
      .select('mission_id')
      .where('user_id', '=', userId)
      .where('mission_id', 'in', ids)
      .execute(),
  ]);
  return {
    liked: new Set(likes.map((row) => row.mission_id)),
    blocked: new Set(blocks.map((row) => row.mission_id)),
  };
}

/**
 * The badges of the creator's mission management menu, each counted up to MISSION_COUNT_CAP (the badge shows 999+
 * past it): each count reads at most that many entries of the `(creator_id, status)` index, so a creator with a
 * hundred thousand completed missions costs what one with a thousand does.
 */
export async function countCreatorMissions(db: DbExecutor, creatorId: number): Promise<MissionCounts> {
  const upTo = (status: MissionStatus, types: readonly MissionType[]) => sql<string>`(
    select count(*) from (
      select 1 from missions
      where creator_id = ${creatorId} and status = ${status} and type in (${sql.join(types)})
      limit ${MISSION_COUNT_CAP}
    ) capped)`;
  const managed = ['BASIC', 'LUCKY', 'CUSTOM'] as const;
  const { rows } = await sql<Record<keyof MissionCounts, string>>`
    select ${upTo('ACCEPTED', ['BASIC'])} as basic, ${upTo('ACCEPTED', ['LUCKY'])} as lucky,
      ${upTo('REQUESTED', ['CUSTOM'])} as "customRequested", ${upTo('ACCEPTED', ['CUSTOM'])} as "customAccepted",
      ${upTo('COMPLETED', managed)} as completed, ${upTo('REJECTED', managed)} as rejected`.execute(db);
  const row = rows[0]!;
  return {
    basic: Number(row.basic),
    lucky: Number(row.lucky),
    customRequested: Number(row.customRequested),
    customAccepted: Number(row.customAccepted),
    completed: Number(row.completed),
    rejected: Number(row.rejected),
  };
}
