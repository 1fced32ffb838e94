import {
  type CommentPageQuery,
  type CreateCommentRequest,
  type MissionComment,
  type Page,
  type UpdateCommentRequest,
  formatKoreaTime,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import { isOperator, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { findFiles } from '../files';
import { AppError, accessDenied, conflict, notFound, pageOffset, toPage } from '../http';
import { fileEntryOf } from '../mission-products';
import { findUsers, missionViewerOf, visibleMission } from '../mission-reads';
import type { MissionRow } from '../missions';
import { domainEvent, recordEvents } from '../outbox';
import { rollForComment } from './coin-event';
import * as repository from './repository';
import type { CommentRow } from './table';

/*
 * Mission comments. Everything about a comment follows its mission: a comment on a
 * mission the caller may not see does not exist for him (404 like the mission). Writes that change what is visible
 * lock the mission row first and recount `missions.comments_count` in the same transaction, so the count is exact.
 */
export const commentNotFound = () => notFound('comments.notFound');

const EXCERPT_LENGTH = 40;
const excerptOf = (content: string) =>
  content.length > EXCERPT_LENGTH ? `${content.slice(0, EXCERPT_LENGTH)}…` : content;

/** Views of comments for the caller, in the order given. */
export async function commentViews(
  ctx: ServiceContext,
  db: DbExecutor,
  caller: Caller | null,
  rows: readonly CommentRow[],
): Promise<MissionComment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [users, marks, replies, creatorUsers] = await Promise.all([
    findUsers(
      db,
      rows.map((row) => row.user_id),
    ),
    caller === null
      ? { liked: new Set<number>(), reported: new Set<number>() }
      : repository.findViewerMarks(db, caller.id, ids),
    repository.countVisibleReplies(
      db,
      rows.filter((row) => row.parent_id === null).map((row) => row.id),
    ),
    repository.findCreatorUsers(
      db,
      rows.map((row) => row.mission_id),
    ),
  ]);
  const files = await findFiles(
    db,
    [...users.values()].map((user) => user.image_file_id),
  );
  return rows.map((row) => {
    const user = users.get(row.user_id)!;
    const creator = creatorUsers.get(row.mission_id);
    const byCreator = creator?.userId === row.user_id;
    return {
      id: row.id,
      missionId: row.mission_id,
      content: row.content,
      parentCommentId: row.parent_id,
      user: { id: user.id, username: user.username, image: fileEntryOf(ctx.config, files, user.image_file_id) },
      creator: byCreator,
      // The creator speaks under the name his page shows everywhere else, not his member nickname.
      authorName: byCreator ? creator.name : user.username,
      created: row.created_at.toISOString(),
      edited: row.edited_at?.toISOString() ?? null,
      liked: marks.liked.has(row.id),
      likedCount: row.likes_count,
      childrenCount: replies.get(row.id) ?? 0,
      blocked: marks.reported.has(row.id),
      commentEventWin: row.event_id !== null,
      winPoint: row.win_point,
    };
  });
}

export async function viewOf(ctx: ServiceContext, db: DbExecutor, caller: Caller | null, row: CommentRow) {
  return (await commentViews(ctx, db, caller, [row]))[0]!;
}

/**
 * The comment if it belongs to the mission and the caller may see it: operators and its author see a hidden one,
 * anybody else gets 404.
 */
export async function commentOf(db: DbExecutor, caller: Caller | null, missionId: number | null, commentId: number) {
  const row = await repository.findComment(db, commentId);
  if (!row || (missionId !== null && row.mission_id !== missionId)) throw commentNotFound();
  const privileged = caller !== null && (isOperator(caller) || caller.id === row.user_id);
  if (!privileged && repository.isHidden(row)) throw commentNotFound();
  return row;
}

/** `GET /missions/{id}/comments/page`: top-level comments newest first, or one comment's replies oldest first. */
export async function commentPage(
  ctx: ServiceContext,
  caller: Caller | null,
  missionId: number,
  query: CommentPageQuery,
): Promise<Page<MissionComment>> {
  await visibleMission(ctx.db, missionViewerOf(caller), missionId);
  let parentId: number | null = null;
  if (query.parentCommentId !== undefined && query.parentOnly !== true) {
    parentId = (await commentOf(ctx.db, caller, missionId, query.parentCommentId)).id;
  }
  const { rows, total } = await repository.listComments(ctx.db, missionId, parentId, {
    offset: pageOffset(query),
    limit: query.size,
  });
  return toPage(await commentViews(ctx, ctx.db, caller, rows), total, query);
}

/**
 * `POST /missions/{id}/comments`: a top-level comment or a reply (a reply to a reply answers its top-level comment).
 * A new top-level comment rolls for the comment coin event; notifications follow through the outbox.
 */
/**
 * A member posts at most COMMENTS_PER_MEMBER_PER_MINUTE comments and replies within a minute and
 * COMMENTS_PER_MEMBER_PER_HOUR within an hour, counted over his stored comments (each reply notifies someone by app,
 * push and mail): past either, 429 with Retry-After, the seconds until the window's oldest comment leaves it. His
 * posts take a lock of their own first (before the mission's), so a burst is counted one after the other.
 */
async function holdToCommentAllowance(ctx: ServiceContext, trx: DbExecutor, userId: number, now: Date): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`comment-allowance:${userId}`}))`.execute(trx);
  const windows = [
    { ms: 60_000, max: ctx.config.COMMENTS_PER_MEMBER_PER_MINUTE },
    { ms: 3_600_000, max: ctx.config.COMMENTS_PER_MEMBER_PER_HOUR },
  ];
  const longest = Math.max(...windows.map((window) => window.ms));
  const recent = await trx
    .selectFrom('mission_comments')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - longest))
    .orderBy('created_at', 'desc')
    .limit(Math.max(...windows.map((window) => window.max)))
    .execute();
  let waitMs = 0;
  for (const window of windows) {
    const inWindow = recent.filter((row) => row.created_at.getTime() > now.getTime() - window.ms);
    if (inWindow.length < window.max) continue;
    const oldest = inWindow[window.max - 1]!.created_at;
    waitMs = Math.max(waitMs, oldest.getTime() + window.ms - now.getTime());
  }
  if (waitMs > 0) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppError(429, 'comments.tooMany', {
      code: 'TOO_MANY_REQUESTS',
      params: { seconds },
      retryAfterSeconds: seconds,
    });
  }
}

export async function createComment(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  body: CreateCommentRequest,
): Promise<MissionComment> {
  const viewer = missionViewerOf(caller);
  const now = ctx.now();
  const restriction = await repository.findRestriction(ctx.db, caller.id, now);
  if (restriction) {
    throw new AppError(403, 'comments.restricted', {
      code: 'COMMENT_RESTRICTED',
      params: { until: formatKoreaTime(restriction.until) },
    });
  }
  return await ctx.db.transaction().execute(async (trx) => {
    await holdToCommentAllowance(ctx, trx, caller.id, now);
    const mission: MissionRow = await visibleMission(trx, viewer, missionId);
    let parent: CommentRow | null = null;
    if (body.parentCommentId) {
      parent = await commentOf(trx, caller, missionId, body.parentCommentId);
      if (parent.parent_id !== null) parent = await commentOf(trx, caller, missionId, parent.parent_id);
    }
    // The mission row first, then any ledger accounts: the order the mission's own money moves take them in.
    await repository.lockMission(trx, missionId);
    const row = await repository.insertComment(trx, {
      missionId,
      userId: caller.id,
      parentId: parent?.id ?? null,
      content: body.content,
      now,
    });
    await repository.recountMissionComments(trx, missionId);
    let stored = row;
    if (parent === null) {
      const outcome = await rollForComment(trx, {
        commentId: row.id,
        missionId,
        userId: caller.id,
        isCreator: caller.creatorId !== null,
        now,
      });
      if (outcome.win) stored = { ...row, event_id: outcome.eventId, win_point: outcome.coins };
    }
    await recordEvents(trx, [
      domainEvent(
        'mission.commented',
        {
          missionId,
          creatorId: mission.creator_id,
          userId: mission.user_id,
          commentId: row.id,
          authorId: caller.id,
          parentCommentId: parent?.id ?? null,
          parentAuthorId: parent?.user_id ?? null,
          excerpt: excerptOf(body.content),
        },
        now,
      ),
    ]);
    return await viewOf(ctx, trx, caller, stored);
  });
}

/** `PUT /missions/{id}/comments/{commentId}`: the author only; marks the comment edited. */
export async function updateComment(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  commentId: number,
  body: UpdateCommentRequest,
): Promise<MissionComment> {
  await visibleMission(ctx.db, missionViewerOf(caller), missionId);
  const row = await commentOf(ctx.db, caller, missionId, commentId);
  if (row.user_id !== caller.id) throw accessDenied();
  const updated = await ctx.db
    .updateTable('mission_comments')
    .set({ content: body.content, edited_at: ctx.now() })
    .where('id', '=', commentId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return await viewOf(ctx, ctx.db, caller, updated);
}

/** `DELETE /missions/{id}/comments/{commentId}`: the author or an operator; 409 while it has replies. */
export async function deleteComment(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  commentId: number,
): Promise<MissionComment> {
  await visibleMission(ctx.db, missionViewerOf(caller), missionId);
  return await ctx.db.transaction().execute(async (trx) => {
    await repository.lockMission(trx, missionId);
    const row = await commentOf(trx, caller, missionId, commentId);
    if (row.user_id !== caller.id && !isOperator(caller)) throw accessDenied();
    if (await repository.hasReplies(trx, commentId)) throw conflict('comments.cannotRemove');
    const view = await viewOf(ctx, trx, caller, row);
    await trx.deleteFrom('mission_comments').where('id', '=', commentId).execute();
    await repository.recountMissionComments(trx, missionId);
    return view;
  });
}
