import {
  REVIEW_LIMITS,
  days,
  type MissionReview,
  type MissionReviewState,
  type ReviewHelpfulResponse,
  type ReviewPage,
  type ReviewPageQuery,
  type ReviewReplyRequest,
  type ReviewReportRequest,
  type ReviewRequest,
  type ReviewSummary,
} from '@fanmission/contracts';
import { requireCreatorContentAccess } from '../adult-content';
import { isOperator, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError, accessDenied, conflict, notFound } from '../http';
import { missionViewerOf, visibleMission } from '../mission-reads';
import type { MissionRow } from '../missions';
import * as repository from './repository';
import type { ListedReview } from './repository';
import type { ReviewRow } from './table';

/*
 * Reviews of completed missions (docs/rules/reviews.md). The requester of a COMPLETED mission that was not refunded
 * rates it once, within REVIEW_LIMITS.writeDays of its completion, and may edit it for REVIEW_LIMITS.editDays; the
 * creator replies once and may edit his reply as long. A review shows its rating, its words and the requester's
 * nickname only: never the mission's request, and not even the mission's id when the mission is private. Every change
 * of what a creator's summary counts moves his summary row in the same transaction.
 */

export const reviewNotFound = () => notFound('reviews.notFound');
const WRITE_WINDOW = days(REVIEW_LIMITS.writeDays);
const EDIT_WINDOW = days(REVIEW_LIMITS.editDays);

/** The last moment the mission's requester may review it (null: not reviewable at all). */
export function reviewableUntil(mission: Pick<MissionRow, 'status' | 'completed_at' | 'refunded_coins'>): Date | null {
  if (mission.status !== 'COMPLETED' || mission.completed_at === null) return null;
  if ((mission.refunded_coins ?? 0) > 0) return null;
  return new Date(mission.completed_at.getTime() + WRITE_WINDOW);
}

const withinEditWindow = (since: Date | null, now: Date) =>
  since !== null && now.getTime() <= since.getTime() + EDIT_WINDOW;

function reviewView(
  row: ListedReview,
  marks: { helpful: Set<number>; reported: Set<number> },
  callerId: number | null,
) {
  return {
    id: row.id,
    missionId: row.is_private ? null : row.mission_id,
    rating: row.rating,
    content: row.content,
    authorName: row.username,
    created: row.created_at.toISOString(),
    edited: row.edited_at?.toISOString() ?? null,
    reply:
      row.reply === null || row.reply_at === null
        ? null
        : {
            content: row.reply,
            created: row.reply_at.toISOString(),
            edited: row.reply_edited_at?.toISOString() ?? null,
          },
    helpfulCount: row.helpful_count,
    helpful: marks.helpful.has(row.id),
    reported: marks.reported.has(row.id),
    own: callerId === row.user_id,
  } satisfies MissionReview;
}

async function reviewViews(db: DbExecutor, caller: Caller | null, rows: readonly ListedReview[]) {
  const marks =
    caller === null
      ? { helpful: new Set<number>(), reported: new Set<number>() }
      : await repository.findViewerMarks(
          db,
          caller.id,
          rows.map((row) => row.id),
        );
  return rows.map((row) => reviewView(row, marks, caller?.id ?? null));
}

async function viewOf(db: DbExecutor, caller: Caller | null, id: number): Promise<MissionReview> {
  const row = await repository.findListedReview(db, id);
  if (!row) throw reviewNotFound();
  return (await reviewViews(db, caller, [row]))[0]!;
}

/** Its author, its mission's creator and operators see a review others may not (hidden, or by a blocked author). */
const privileged = (caller: Caller | null, row: ReviewRow) =>
  caller !== null && (caller.id === row.user_id || caller.creatorId === row.creator_id || isOperator(caller));

/** The review if the caller may see it; 404 otherwise (a hidden review does not exist for others). */
async function reviewFor(db: DbExecutor, caller: Caller | null, id: number, options: { forUpdate?: boolean } = {}) {
  const row = await repository.findReview(db, { id }, options);
  if (!row) throw reviewNotFound();
  if (privileged(caller, row)) return row;
  if (!repository.isCounted(row) || (await repository.isAuthorBlocked(db, row.user_id))) throw reviewNotFound();
  await requireCreatorContentAccess(db, caller, row.creator_id);
  return row;
}

/** `GET /missions/{id}/review`: the mission's review (as the mission's viewer may see it) and what he may do. */
export async function missionReviewState(
  ctx: ServiceContext,
  caller: Caller | null,
  missionId: number,
): Promise<MissionReviewState> {
  const mission = await visibleMission(ctx.db, missionViewerOf(caller), missionId);
  const row = await repository.findReview(ctx.db, { missionId });
  const now = ctx.now();
  let review: MissionReview | null = null;
  if (
    row &&
    (privileged(caller, row) || (repository.isCounted(row) && !(await repository.isAuthorBlocked(ctx.db, row.user_id))))
  ) {
    review = await viewOf(ctx.db, caller, row.id);
  }
  const requester = caller !== null && caller.id === mission.user_id && caller.creatorId !== mission.creator_id;
  const until = requester ? reviewableUntil(mission) : null;
  const creator = caller !== null && caller.creatorId === mission.creator_id;
  return {
    review,
    canReview: requester && row === undefined && until !== null && now <= until,
    reviewableUntil: until?.toISOString() ?? null,
    canEdit: requester && row !== undefined && withinEditWindow(row.created_at, now),
    canReply: creator && row !== undefined && row.reply === null,
    canEditReply: creator && row !== undefined && row.reply !== null && withinEditWindow(row.reply_at, now),
  };
}

/**
 * The mission, when the caller is its requester: 404 for a mission he may not see (as every mission call answers), 403
 * for one he may see but did not request. A creator is never the requester of his own mission.
 */
async function requesterMission(db: DbExecutor, caller: Caller, missionId: number): Promise<MissionRow> {
  const mission = await visibleMission(db, missionViewerOf(caller), missionId);
  if (mission.user_id !== caller.id || caller.creatorId === mission.creator_id) throw accessDenied();
  return mission;
}

/** `POST /missions/{id}/review`: once per mission, by its requester, within the days allowed after completion. */
export async function createReview(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  body: ReviewRequest,
): Promise<MissionReview> {
  const mission = await requesterMission(ctx.db, caller, missionId);
  const until = reviewableUntil(mission);
  if (until === null) throw conflict('reviews.notReviewable');
  const now = ctx.now();
  if (now > until) throw conflict('reviews.writeWindowClosed');
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await repository.insertReview(trx, {
      missionId,
      creatorId: mission.creator_id,
      userId: caller.id,
      rating: body.rating,
      content: body.content,
      now,
    });
    if (!row) throw conflict('reviews.alreadyReviewed');
    await repository.applyToSummary(trx, null, row);
    return row.id;
  });
  return await viewOf(ctx.db, caller, id);
}

/** `PUT /missions/{id}/review`: the author, within the days allowed after he wrote it; marks it edited. */
export async function updateReview(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  body: ReviewRequest,
): Promise<MissionReview> {
  await requesterMission(ctx.db, caller, missionId);
  const now = ctx.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const before = await repository.findReview(trx, { missionId }, { forUpdate: true });
    if (!before || before.user_id !== caller.id) throw reviewNotFound();
    if (!withinEditWindow(before.created_at, now)) throw conflict('reviews.editWindowClosed');
    const after = await trx
      .updateTable('mission_reviews')
      .set({ rating: body.rating, content: body.content, edited_at: now })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await repository.applyToSummary(trx, before, after);
    return after.id;
  });
  return await viewOf(ctx.db, caller, id);
}

/** The review, when the caller is its mission's creator (404 for a review he may not see, 403 for another's). */
async function creatorReview(db: DbExecutor, caller: Caller, reviewId: number) {
  const row = await reviewFor(db, caller, reviewId, { forUpdate: true });
  if (caller.creatorId === null || caller.creatorId !== row.creator_id) throw accessDenied();
  return row;
}

/** `POST /mission-reviews/{id}/reply`: the mission's creator, once. */
export async function createReply(ctx: ServiceContext, caller: Caller, reviewId: number, body: ReviewReplyRequest) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await creatorReview(trx, caller, reviewId);
    if (row.reply !== null) throw conflict('reviews.replyExists');
    await trx
      .updateTable('mission_reviews')
      .set({ reply: body.content, reply_at: now, reply_edited_at: null })
      .where('id', '=', reviewId)
      .execute();
  });
  return await viewOf(ctx.db, caller, reviewId);
}

/** `PUT /mission-reviews/{id}/reply`: the creator edits his reply within the days allowed after he wrote it. */
export async function updateReply(ctx: ServiceContext, caller: Caller, reviewId: number, body: ReviewReplyRequest) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await creatorReview(trx, caller, reviewId);
    if (row.reply === null) throw reviewNotFound();
    if (!withinEditWindow(row.reply_at, now)) throw conflict('reviews.editWindowClosed');
    await trx
      .updateTable('mission_reviews')
      .set({ reply: body.content, reply_edited_at: now })
      .where('id', '=', reviewId)
      .execute();
  });
  return await viewOf(ctx.db, caller, reviewId);
}

/** `POST` / `DELETE /mission-reviews/{id}/helpful`: one vote per member, never on his own review; idempotent. */
export async function setHelpful(
  ctx: ServiceContext,
  caller: Caller,
  reviewId: number,
  helpful: boolean,
): Promise<ReviewHelpfulResponse> {
  return await ctx.db.transaction().execute(async (trx) => {
    const row = await reviewFor(trx, caller, reviewId, { forUpdate: true });
    if (row.user_id === caller.id) throw new AppError(400, 'reviews.ownReview', { code: 'OWN_REVIEW' });
    const helpfulCount = await repository.setVote(trx, reviewId, caller.id, helpful, ctx.now());
    return { id: reviewId, helpful, helpfulCount };
  });
}

/**
 * `POST /mission-reviews/{id}/reports`: another member's review, once per member (repeating changes nothing); at
 * REVIEW_LIMITS.reportsToHide reports with no operator decision it is hidden and leaves its creator's summary.
 */
export async function reportReview(
  ctx: ServiceContext,
  caller: Caller,
  reviewId: number,
  body: ReviewReportRequest,
): Promise<MissionReview> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await reviewFor(trx, caller, reviewId, { forUpdate: true });
    if (before.user_id === caller.id) throw new AppError(400, 'reviews.ownReview', { code: 'OWN_REVIEW' });
    const added = await repository.addReport(
      trx,
      reviewId,
      caller.id,
      { reason: body.reason, detail: body.detail ?? null },
      ctx.now(),
    );
    if (added) await repository.applyToSummary(trx, before, { ...before, reports_count: before.reports_count + 1 });
  });
  return await viewOf(ctx.db, caller, reviewId);
}

async function creatorForReviews(db: DbExecutor, caller: Caller | null, creatorId: number) {
  const creator = await db.selectFrom('creators').select('id').where('id', '=', creatorId).executeTakeFirst();
  if (!creator) throw notFound('creators.notFound');
  await requireCreatorContentAccess(db, caller, creatorId);
}

/** The summary as the creator page and cards show it: count, average (one decimal) and the counts per star. */
export function summaryOf(
  creatorId: number,
  figures: { count: number; sum: number; stars: readonly number[] },
): ReviewSummary {
  return {
    creatorId,
    count: figures.count,
    average: figures.count === 0 ? null : Math.round((figures.sum / figures.count) * 10) / 10,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: figures.stars[stars - 1] ?? 0 })),
  };
}

/** `GET /creators/{id}/reviews/summary`: one summary row (and the few blocked authors' reviews it leaves out). */
export async function creatorReviewSummary(ctx: ServiceContext, caller: Caller | null, creatorId: number) {
  await creatorForReviews(ctx.db, caller, creatorId);
  return summaryOf(creatorId, await repository.summaryFigures(ctx.db, creatorId));
}

const encodeCursor = (key: string | number, id: number) => Buffer.from(JSON.stringify([key, id])).toString('base64url');

function decodeCursor(cursor: string | undefined, sort: 'NEWEST' | 'HELPFUL') {
  if (cursor === undefined) return null;
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    const validKey =
      sort === 'NEWEST' ? typeof key === 'string' && !Number.isNaN(Date.parse(key)) : Number.isInteger(key);
    if (validKey && Number.isInteger(id)) return { key: key as string | number, id: id as number };
  } catch {
    // An unreadable cursor is answered below like a malformed one.
  }
  throw new AppError(400, 'error.validation', {
    code: 'VALIDATION_FAILED',
    fields: [{ field: 'cursor', key: 'reviews.cursorInvalid', rejectedValue: cursor }],
  });
}

/** `GET /creators/{id}/reviews/page`: shown reviews, newest or most helpful first, by keyset (cursor). */
export async function creatorReviewPage(
  ctx: ServiceContext,
  caller: Caller | null,
  creatorId: number,
  query: ReviewPageQuery,
): Promise<ReviewPage> {
  const after = decodeCursor(query.cursor, query.sort);
  await creatorForReviews(ctx.db, caller, creatorId);
  const rows = await repository.listShownReviews(ctx.db, creatorId, query.sort, after, query.size + 1);
  const page = rows.slice(0, query.size);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.size && last
      ? encodeCursor(query.sort === 'NEWEST' ? last.created_at.toISOString() : last.helpful_count, last.id)
      : null;
  return { items: await reviewViews(ctx.db, caller, page), nextCursor };
}
