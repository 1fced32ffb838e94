import {
  defaultMissionOrder,
  koreaPeriod,
  type CreatorMissionTotals,
  type CreatorMissionTotalsQuery,
  type LikedMissionPageQuery,
  MISSION_LIST_STATUSES,
  MISSION_STATUSES,
  type MissionCounts,
  type MissionLikeResponse,
  type MissionPageQuery,
  type MissionStatus,
  type MissionView,
  type MyMissionPageQuery,
  type Page,
} from '@fanmission/contracts';
import { requireAdultAccess, requireCreatorContentAccess, type AdultViewer } from '../adult-content';
import { isOperator, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { domainEvent, recordEvents } from '../outbox';
import { accessDenied, briefCachesBy, notFound, pageOffset, toPage } from '../http';
import type { MissionRow } from '../missions';
import * as repository from './repository';
import * as marksRepository from './marks-repository';
import type { MissionFilters, MissionViewer } from './repository';
import { canSeeMission, missionViewsByIds } from './view';

/*
 * Mission reads, likes and blocks. Writes here never touch a mission's state (the mission's
 * workflow owns it): a like moves only `likes_count`, a block only the member's own list.
 */

/** Every status but CREATED (an unplayed roulette), the default of every list. */
const LISTED_STATUSES = MISSION_STATUSES.filter((status) => status !== 'CREATED');

export const missionNotFound = () => notFound('missionReads.notFound');

export function missionViewerOf(caller: Caller | null): MissionViewer {
  return {
    userId: caller?.id ?? null,
    creatorId: caller?.creatorId ?? null,
    operator: caller !== null && isOperator(caller),
    adultVerified: caller?.adultVerified === true,
  };
}

/**
 * The mission if the viewer may see it, else 404 (a private mission of others does not exist for him); an
 * adult-flagged creator's mission past the adult gate only (401 or 403 after that), which its requester passes.
 */
export async function visibleMission(db: DbExecutor, viewer: MissionViewer, id: number): Promise<MissionRow> {
  const mission = await repository.findMission(db, id);
  if (!mission || !canSeeMission(viewer, mission)) throw missionNotFound();
  requireAdultAccess(adultViewerOfMissions(viewer), {
    creatorId: mission.creator_id,
    adult: mission.creator_adult,
    party: viewer.userId !== null && viewer.userId === mission.user_id,
  });
  return mission;
}

const adultViewerOfMissions = (viewer: MissionViewer): AdultViewer => ({
  signedIn: viewer.userId !== null,
  adultVerified: viewer.adultVerified === true,
  creatorId: viewer.creatorId,
  operator: viewer.operator,
});

/**
 * One creator's missions (by `creatorId`, or a product's) answer past the adult gate only; every other list is across
 * creators, a public feed, and leaves adult-flagged creators' missions out for everybody.
 */
async function adultScope(ctx: ServiceContext, caller: Caller | null, query: MissionPageQuery): Promise<boolean> {
  if (query.creatorId !== undefined) {
    await requireCreatorContentAccess(ctx.db, caller, query.creatorId);
    return false;
  }
  if (query.productId !== undefined) {
    const creatorId = await repository.findProductCreatorId(ctx.db, query.productId);
    if (creatorId !== undefined) await requireCreatorContentAccess(ctx.db, caller, creatorId);
    return false;
  }
  return true;
}

async function viewOf(ctx: ServiceContext, db: DbExecutor, viewer: MissionViewer, mission: MissionRow) {
  const [view] = await missionViewsByIds(db, ctx.config, viewer, [mission.id]);
  return view!;
}

export async function getMission(ctx: ServiceContext, caller: Caller | null, id: number): Promise<MissionView> {
  const viewer = missionViewerOf(caller);
  return await viewOf(ctx, ctx.db, viewer, await visibleMission(ctx.db, viewer, id));
}

type ListQuery = Pick<MissionPageQuery, 'status' | 'createdYear' | 'createdMonth'> &
  Partial<Pick<MissionPageQuery, 'order' | 'direction'>>;

/** Filters and order of a list query; the month filter is on completion for a list of completed missions only. */
function listOptions(query: ListQuery) {
  const statuses: readonly MissionStatus[] = query.status ?? LISTED_STATUSES;
  const defaultOrder = defaultMissionOrder(query.status);
  let period: MissionFilters['period'];
  if (query.createdYear !== undefined) {
    const column = defaultOrder === 'COMPLETED' ? 'completed_at' : 'created_at';
    period = { column, ...koreaPeriod(query.createdYear, query.createdMonth) };
  }
  return { statuses, period, order: query.order ?? defaultOrder, direction: query.direction ?? 'DESC' };
}

async function pageOfMissions(
  ctx: ServiceContext,
  viewer: MissionViewer,
  query: MissionPageQuery,
  scope: { userId?: number; hideBlocked: boolean; leaveOutAdult?: boolean },
): Promise<Page<MissionView>> {
  const { statuses, period, order, direction } = listOptions(query);
  const filters: MissionFilters = {
    statuses,
    period,
    productType: query.productType,
    productId: query.productId,
    creatorId: query.creatorId,
    userId: scope.userId,
    hideBlocked: scope.hideBlocked,
    leaveOutAdult: scope.leaveOutAdult ?? false,
  };
  const { ids, total } = await repository.listMissions(ctx.db, viewer, filters, {
    order,
    direction,
    window: { offset: pageOffset(query), limit: query.size },
  });
  return toPage(
    await missionViewsByIds(ctx.db, ctx.config, viewer, ids, { hiddenLeftOut: scope.hideBlocked }),
    total,
    query,
  );
}

/**
 * `GET /missions/page`: public missions of everybody, plus the caller's own private ones (as requester or creator),
 * without those he hid.
 */
export async function missionPage(
  ctx: ServiceContext,
  caller: Caller | null,
  query: MissionPageQuery,
): Promise<Page<MissionView>> {
  const leaveOutAdult = await adultScope(ctx, caller, query);
  const read = () => pageOfMissions(ctx, missionViewerOf(caller), query, { hideBlocked: true, leaveOutAdult });
  // A visitor's page is every visitor's (public missions only, no marks): kept a few seconds per page and filters.
  if (caller !== null || ctx.config.VISITOR_PAGE_CACHE_MS === 0) return await read();
  return await visitorPages.of(ctx.db, ctx.config.VISITOR_PAGE_CACHE_MS).get(JSON.stringify(query), read);
}

const visitorPages = briefCachesBy<object, Page<MissionView>>();

/** `GET /users/me/missions/page`: the caller's own requests, private ones included. */
export async function myMissionPage(
  ctx: ServiceContext,
  caller: Caller,
  query: MyMissionPageQuery,
): Promise<Page<MissionView>> {
  return await pageOfMissions(ctx, missionViewerOf(caller), query, { userId: caller.id, hideBlocked: false });
}

/** `GET /users/me/missions/liked`: last liked first, in the liked list's statuses unless told. */
export async function likedMissionPage(
  ctx: ServiceContext,
  caller: Caller,
  query: LikedMissionPageQuery,
): Promise<Page<MissionView>> {
  const viewer = { ...missionViewerOf(caller), userId: caller.id };
  const { ids, total } = await repository.listLikedMissions(
    ctx.db,
    viewer,
    query.status ?? MISSION_LIST_STATUSES.liked,
    { offset: pageOffset(query), limit: query.size },
  );
  return toPage(await missionViewsByIds(ctx.db, ctx.config, viewer, ids, { hiddenLeftOut: true }), total, query);
}

/**
 * `GET /creators/me/missions/totals`: the count and coins of the caller's missions that `GET /missions/page` lists
 * for the same filters with `creatorId` = his, over all its pages. Creators only.
 */
export async function creatorMissionTotals(
  ctx: ServiceContext,
  caller: Caller,
  query: CreatorMissionTotalsQuery,
): Promise<CreatorMissionTotals> {
  if (caller.creatorId === null) throw accessDenied();
  const { statuses, period } = listOptions(query);
  return await repository.totalCreatorMissions(ctx.db, missionViewerOf(caller), {
    statuses,
    period,
    productType: query.productType,
    creatorId: caller.creatorId,
    hideBlocked: true,
  });
}

/** `GET /creators/me/missions/count`: creators only. */
export async function creatorMissionCounts(ctx: ServiceContext, caller: Caller): Promise<MissionCounts> {
  if (caller.creatorId === null) throw accessDenied();
  return await repository.countCreatorMissions(ctx.db, caller.creatorId);
}

/**
 * Likes or unlikes for the caller. The like row and the counter change in one transaction, and only when the row
 * really appeared or went (so repeating is harmless and concurrent calls keep `likes_count` exact); the
 * `mission.liked` / `mission.unliked` event (userId: who liked) is recorded in the same transaction, only then.
 */
export async function setLike(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  liked: boolean,
): Promise<MissionLikeResponse> {
  const viewer = missionViewerOf(caller);
  return await ctx.db.transaction().execute(async (trx) => {
    const mission = await visibleMission(trx, viewer, missionId);
    const now = ctx.now();
    const changed = liked
      ? await marksRepository.insertLike(trx, missionId, caller.id, now)
      : await marksRepository.deleteLike(trx, missionId, caller.id);
    if (!changed) return { id: missionId, liked, likesCount: await marksRepository.findLikesCount(trx, missionId) };
    const likesCount = await marksRepository.adjustLikesCount(trx, missionId, liked ? 1 : -1);
    const payload = { missionId, creatorId: mission.creator_id, userId: caller.id };
    await recordEvents(trx, [domainEvent(liked ? 'mission.liked' : 'mission.unliked', payload, now)]);
    return { id: missionId, liked, likesCount };
  });
}

/**
 * `POST /missions/{id}/blocks { userId }`: the caller hides the mission from his own lists (`userId` must be his
 * own id). Repeating is harmless. `DELETE` shows it again.
 */
export async function setBlock(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  userId: number | undefined,
  blocked: boolean,
): Promise<MissionView> {
  if (userId !== undefined && userId !== caller.id) throw accessDenied();
  const viewer = missionViewerOf(caller);
  const mission = await visibleMission(ctx.db, viewer, missionId);
  if (blocked) await marksRepository.insertBlock(ctx.db, missionId, caller.id, ctx.now());
  else await marksRepository.deleteBlock(ctx.db, missionId, caller.id);
  return await viewOf(ctx, ctx.db, viewer, mission);
}
