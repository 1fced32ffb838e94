import {
  BEST_COMMENTS_COUNT,
  BEST_COMMENTS_DAYS,
  days,
  type BestComment,
  type CommentLikeResponse,
  type CommentReportReason,
  type MissionComment,
} from '@fanmission/contracts';
import { isOperator, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { AppError } from '../http';
import { missionViewerOf, missionViewsByIds, visibleMission } from '../mission-reads';
import * as repository from './repository';
import { commentNotFound, commentViews, viewOf, commentOf } from './service';

// What readers do with a comment besides writing one: report it, like it, and the best comments of the week.

/**
 * `POST` / `DELETE /missions/{id}/comments/{commentId}/blocks`: reports another member's comment with a reason (or,
 * `null`, takes the report back). The reporter sees it blocked at once; at COMMENT_REPORTS_TO_HIDE reports it is hidden for
 * everybody until an operator decides. Repeating is harmless.
 */
export async function setReport(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  commentId: number,
  report: { reason: CommentReportReason; detail: string | null } | null,
): Promise<MissionComment> {
  await visibleMission(ctx.db, missionViewerOf(caller), missionId);
  return await ctx.db.transaction().execute(async (trx) => {
    await repository.lockMission(trx, missionId);
    const row = await repository.findComment(trx, commentId);
    // A member may take back his report of a comment that is now hidden; nothing else about it shows.
    const reportedBefore =
      row !== undefined && (await repository.findViewerMarks(trx, caller.id, [commentId])).reported.has(commentId);
    if (!row || row.mission_id !== missionId || (!reportedBefore && repository.isHidden(row) && !isOperator(caller))) {
      throw commentNotFound();
    }
    if (row.user_id === caller.id) throw new AppError(400, 'comments.ownComment', { code: 'OWN_COMMENT' });
    if (await repository.setReport(trx, commentId, caller.id, report, ctx.now())) {
      await repository.recountMissionComments(trx, missionId);
    }
    return await viewOf(ctx, trx, caller, (await repository.findComment(trx, commentId))!);
  });
}

/** `POST` / `DELETE /mission-comments/{id}/likes`: idempotent, exact under concurrency. */
export async function setLike(
  ctx: ServiceContext,
  caller: Caller,
  commentId: number,
  liked: boolean,
): Promise<CommentLikeResponse> {
  return await ctx.db.transaction().execute(async (trx) => {
    const row = await commentOf(trx, caller, null, commentId);
    await visibleMission(trx, missionViewerOf(caller), row.mission_id).catch((error: unknown) => {
      // The adult gate's answer stands; a mission the caller may not see hides its comments too.
      if (error instanceof AppError && error.status !== 404) throw error;
      throw commentNotFound();
    });
    const likedCount = await repository.setLike(trx, commentId, caller.id, liked, ctx.now());
    return { id: commentId, liked, likedCount };
  });
}

/** `GET /mission-comments/best-3`: the most-liked visible comments of the last 7 days on public missions. */
export async function bestComments(ctx: ServiceContext, caller: Caller | null): Promise<BestComment[]> {
  const since = new Date(ctx.now().getTime() - days(BEST_COMMENTS_DAYS));
  const rows = await repository.bestComments(ctx.db, since, BEST_COMMENTS_COUNT);
  if (rows.length === 0) return [];
  const [views, comments] = await Promise.all([
    missionViewsByIds(ctx.db, ctx.config, missionViewerOf(caller), [...new Set(rows.map((row) => row.mission_id))]),
    commentViews(ctx, ctx.db, caller, rows),
  ]);
  const byId = new Map(views.map((view) => [view.id, view]));
  return comments.map((comment) => {
    const mission = byId.get(comment.missionId)!;
    return {
      ...comment,
      mission: { id: mission.id, thumbnail: mission.thumbnail, creator: mission.missionProduct.creator },
    };
  });
}
