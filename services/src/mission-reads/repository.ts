/*
 * Which missions a viewer reads: the lists (what the viewer may see of them, filtered, sorted, paged and counted), a
 * creator's totals and menu badges, and single lookups. What each listed mission shows is read by
 * cards-repository.ts.
 */
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
  /** An identity check proved him an adult (adult-flagged creators' missions). */
  adultVerified?: boolean;
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
  /** Leave out adult-flagged creators' missions (every list across creators: those are public feeds). */
  leaveOutAdult?: boolean;
}

/** The missions the user hid from his lists: read once per list, then left out by id (no probe per mission read). */
async function hiddenMissionIds(db: DbExecutor, viewer: MissionViewer, filters: MissionFilters): Promise<number[]> {
  if (!filters.hideBlocked || viewer.userId === null) return [];
  const rows = await db
    .selectFrom('mission_blocks')
    .select('mission_id')
    .where('user_id', '=', viewer.userId)
    .execute();
  return rows.map((row) => Number(row.mission_id));
}

export interface Window {
  offset: number;
  limit: number;
}

/** The creator of a product, if it exists. */
export async function findProductCreatorId(db: DbExecutor, productId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('mission_products')
    .select('creator_id')
    .where('id', '=', productId)
    .executeTakeFirst();
  return row?.creator_id;
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
  hidden: readonly number[],
  /** Every mission the viewer may see, only the public ones, or only those he sees as a party and others do not. */
  part: 'all' | 'public' | 'partyOnly' = 'all',
) {
  let query = db.selectFrom('missions as m').where('m.status', 'in', [...filters.statuses]);
  // A list of the viewer's own missions (as their requester or their creator) needs no visibility test: he is their
  // party. Left out, the query is the party's index range alone.
  const ownMissions =
    (filters.userId !== undefined && filters.userId === viewer.userId) ||
    (filters.creatorId !== undefined && filters.creatorId === viewer.creatorId);
  if (!viewer.operator && !(ownMissions && part === 'all')) {
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
      // The party-only indexes' predicate (migrations 0185 and 0395) word for word, with constants, not parameters:
      // the planner proves a partial index usable from the query's own text.
      const notPublic = sql<boolean>`(m.is_private or m.status = 'CREATED' or m.content_blocked_at is not null)`;
      if (part === 'partyOnly') return eb.and([notPublic, eb.or(parties)]);
      return eb.or([publicMission, ...parties]);
    });
  }
  if (hidden.length > 0) query = query.where('m.id', '!=', sql<number>`all(${[...hidden]}::bigint[])`);
  // As the public-mission indexes' predicate says it (migration 0395), a constant the planner matches.
  if (filters.leaveOutAdult) query = query.where(sql<boolean>`not m.creator_adult`);
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

/** A mission's place in a list: its id and the value of the list's sort column. */
interface Placed {
  id: number;
  key: number | null;
}

export async function listMissions(
  db: DbExecutor,
  viewer: MissionViewer,
  filters: MissionFilters,
  options: { order: MissionSortOrder; direction: SortDirection; window: Window },
): Promise<{ ids: number[]; total: number }> {
  const direction = options.direction === 'ASC' ? 'asc' : 'desc';
  const column = SORT_COLUMNS[options.order];
  // Times to the microsecond, as the database orders them (a JavaScript Date keeps milliseconds).
  const sortKey =
    options.order === 'COIN_PRICE'
      ? sql<string | null>`${sql.ref(column)}`
      : sql<string | null>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint`;
  // Places first (the id and the sort column, from an index in the list's order, read index-only where the index
  // holds the filters: an offset skips index entries, not missions), the page's missions last.
  const placed = async (query: ReturnType<typeof filteredMissions>, window: Window): Promise<Placed[]> => {
    if (window.limit <= 0) return [];
    const rows = await query
      .select(['m.id', sortKey.as('key')])
      .orderBy(column, (ob) => {
        // The price is never null: its order is the index's either way (missions_creator_status_price, read
        // backwards when ascending). The times' indexes keep a null last in both directions.
        if (options.order === 'COIN_PRICE') return direction === 'asc' ? ob.asc() : ob.desc();
        return direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast();
      })
      .orderBy('m.id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), key: row.key === null ? null : Number(row.key) }));
  };
  // The page's missions are read with what their views show, in one statement (findMissionCards).
  const idsOf = (places: Placed[]): number[] => places.map((place) => place.id);
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: Placed, b: Placed) => {
    if (a.key === null || b.key === null) {
      return a.key === b.key ? sign * (a.id - b.id) : a.key === null ? 1 : -1;
    }
    return sign * (a.key - b.key) || sign * (a.id - b.id);
  };
  const hidden = await hiddenMissionIds(db, viewer, filters);
  const party = viewer.userId !== null || viewer.creatorId !== null;
  const oneParty = filters.creatorId !== undefined || filters.userId !== undefined;
  if (filters.creatorId !== undefined && filters.userId === undefined && filters.statuses.length > 1) {
    // A creator's missions of several statuses: each status's places up to the page's end from its own range of the
    // creator's index (it leads with the status: missions_creator_status_newest and _completed in
    // services/src/db/list-indexes.ts), merged; one query over all of them reads and sorts every mission of those
    // statuses.
    const query = filteredMissions(db, viewer, filters, hidden);
    const { offset, limit } = options.window;
    const [perStatus, total] = await Promise.all([
      Promise.all(
        filters.statuses.map((status) =>
          placed(filteredMissions(db, viewer, { ...filters, statuses: [status] }, hidden), {
            offset: 0,
            limit: offset + limit,
          }),
        ),
      ),
      countUpTo(query, { reuseEstimatesOf: db }),
    ]);
    return {
      ids: idsOf(
        perStatus
          .flat()
          .sort(compare)
          .slice(offset, offset + limit),
      ),
      total,
    };
  }
  if (viewer.operator || !party || oneParty) {
    // One party's missions of one status (an index on the creator or the requester), or only public ones: one query.
    const query = filteredMissions(db, viewer, filters, hidden);
    const [places, total] = await Promise.all([
      placed(query, options.window),
      countUpTo(query, { reuseEstimatesOf: db }),
    ]);
    return { ids: idsOf(places), total };
  }
  // Browsing everyone's missions as a party: the public ones (in the order of an index over public missions) and
  // those only a party sees (his party-only indexes, in the same order), each read up to the page's end and merged
  // and cut to the page in one statement: each part reads at most offset + limit index entries however many missions
  // the party has, and only the page's places come back. One query with both parts' filters in one `where` would read
  // and sort every matching mission on each page.
  const { offset, limit } = options.window;
  const publicMissions = filteredMissions(db, viewer, filters, hidden, 'public');
  const partyOnly = filteredMissions(db, viewer, filters, hidden, 'partyOnly');
  // Each part ordered by the sort column itself (not its key), so that PostgreSQL merges the two index ranges in order
  // instead of sorting them.
  const upToPageEnd = (query: ReturnType<typeof filteredMissions>) =>
    query
      .select(['m.id', sql.ref(column).as('sorted_by')])
      .orderBy(column, (ob) => {
        if (options.order === 'COIN_PRICE') return direction === 'asc' ? ob.asc() : ob.desc();
        return direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast();
      })
      .orderBy('m.id', direction)
      .limit(offset + limit);
  const order = sql.raw(direction);
  const [page, publicTotal, partyTotal] = await Promise.all([
    sql<{ id: string }>`
      select id from ((${upToPageEnd(publicMissions)}) union all (${upToPageEnd(partyOnly)})) places
      order by sorted_by ${order} nulls last, id ${order} offset ${offset} limit ${limit}`.execute(db),
    countUpTo(publicMissions, { reuseEstimatesOf: db }),
    countUpTo(partyOnly, { reuseEstimatesOf: db }),
  ]);
  return { ids: page.rows.map((row) => Number(row.id)), total: publicTotal + partyTotal };
}

/**
 * How many of a creator's missions match and the coins they hold, over every page (his management list's totals):
 * the sum of his rows of `creator_mission_totals` (kept by a trigger on missions, migration 0360) for the statuses,
 * type and Korea-time months asked, less the missions he hid that match (read by id, a handful).
 */
export async function totalCreatorMissions(
  db: DbExecutor,
  viewer: MissionViewer,
  filters: MissionFilters & { creatorId: number },
): Promise<{ count: number; coins: number }> {
  const monthColumn = filters.period?.column === 'completed_at' ? 'completed_month' : 'created_month';
  // The same Korea-time month the trigger keeps (`korea_month`, migration 0360).
  const koreaMonth = (at: Date) => sql`korea_month(${at}::timestamptz)`;
  const { rows } = await sql<{ count: string; coins: string }>`
    select coalesce(sum(missions), 0) as count, coalesce(sum(coins), 0) as coins from creator_mission_totals
    where creator_id = ${filters.creatorId}
      and status = any(${[...filters.statuses]}::text[])
      ${filters.productType === undefined ? sql`` : sql`and type = ${filters.productType}`}
      ${
        filters.period === undefined
          ? sql``
          : sql`and ${sql.ref(monthColumn)} >= ${koreaMonth(filters.period.from)}
              and ${sql.ref(monthColumn)} < ${koreaMonth(filters.period.to)}`
      }`.execute(db);
  const kept = { count: Number(rows[0]!.count), coins: Number(rows[0]!.coins) };
  const hidden = await hiddenMissionIds(db, viewer, filters);
  if (hidden.length === 0) return kept;
  const hiddenMatching = await filteredMissions(db, viewer, { ...filters, hideBlocked: false }, [])
    .where('m.id', '=', sql<number>`any(${hidden}::bigint[])`)
    .select([(eb) => eb.fn.countAll<string>().as('count'), sql<string>`coalesce(sum(m.coin_price), 0)`.as('coins')])
    .executeTakeFirstOrThrow();
  return { count: kept.count - Number(hiddenMatching.count), coins: kept.coins - Number(hiddenMatching.coins) };
}

/** Missions the user liked that the viewer (the same user) may see, last liked first. */
export async function listLikedMissions(
  db: DbExecutor,
  viewer: MissionViewer & { userId: number },
  statuses: readonly MissionStatus[],
  window: Window,
): Promise<{ ids: number[]; total: number }> {
  // A likes list is a list across creators: no adult-flagged creator's mission in it, as in every such list.
  const filters = { statuses, hideBlocked: true, leaveOutAdult: true };
  const query = filteredMissions(db, viewer, filters, await hiddenMissionIds(db, viewer, filters)).innerJoin(
    'mission_likes as l',
    (join) => join.onRef('l.mission_id', '=', 'm.id').on('l.user_id', '=', viewer.userId),
  );
  const [rows, counted] = await Promise.all([
    query
      .select('m.id')
      .orderBy('l.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(counted.total) };
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
