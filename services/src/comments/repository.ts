import { COMMENT_REPORTS_TO_HIDE, type AdminCommentFilter, type CommentReportReason } from '@fanmission/contracts';
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { selectListWindow } from '../admin';
import { containsPattern, type Database, type DbExecutor } from '../db';
import type { CommentRow } from './table';

/*
 * Comment queries. A comment is visible to everybody unless an operator hid it, or, with no operator decision yet,
 * at least COMMENT_REPORTS_TO_HIDE distinct members reported it.
 */

type CommentsEb = ExpressionBuilder<Database, 'mission_comments'>;

/** The visibility rule as SQL on `mission_comments` (qualified by the alias given). */
export function visibleComment(eb: CommentsEb): Expression<SqlBool> {
  return eb.or([
    eb('mission_comments.moderation', '=', 'VISIBLE'),
    eb.and([
      eb('mission_comments.moderation', 'is', null),
      eb('mission_comments.reports_count', '<', COMMENT_REPORTS_TO_HIDE),
    ]),
  ]);
}

export const isHidden = (row: Pick<CommentRow, 'moderation' | 'reports_count'>) =>
  row.moderation === 'HIDDEN' || (row.moderation === null && row.reports_count >= COMMENT_REPORTS_TO_HIDE);

export async function findComment(db: DbExecutor, id: number): Promise<CommentRow | undefined> {
  return await db.selectFrom('mission_comments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of a mission's visible comments: top level newest first, or one comment's replies oldest first. */
export async function listComments(
  db: DbExecutor,
  missionId: number,
  parentId: number | null,
  window: { offset: number; limit: number },
): Promise<{ rows: CommentRow[]; total: number }> {
  let query = db
    .selectFrom('mission_comments')
    .where('mission_id', '=', missionId)
    .where((eb) => visibleComment(eb));
  query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
  const direction = parentId === null ? 'desc' : 'asc';
  const [rows, counted] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** Visible replies per top-level comment. */
export async function countVisibleReplies(db: DbExecutor, parentIds: readonly number[]): Promise<Map<number, number>> {
  if (parentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mission_comments')
    .select(['parent_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('parent_id', 'in', [...new Set(parentIds)])
    .where((eb) => visibleComment(eb))
    .groupBy('parent_id')
    .execute();
  return new Map(rows.map((row) => [row.parent_id!, Number(row.count)]));
}

/** Of these comments, the ones the user liked and the ones he reported. */
export async function findViewerMarks(
  db: DbExecutor,
  userId: number,
  commentIds: readonly number[],
): Promise<{ liked: Set<number>; reported: Set<number> }> {
  if (commentIds.length === 0) return { liked: new Set(), reported: new Set() };
  const ids = [...new Set(commentIds)];
  const [likes, reports] = await Promise.all([
    db
      .selectFrom('mission_comment_likes')
      .select('comment_id')
      .where('user_id', '=', userId)
      .where('comment_id', 'in', ids)
      .execute(),
    db
      .selectFrom('mission_comment_reports')
      .select('comment_id')
      .where('user_id', '=', userId)
      .where('comment_id', 'in', ids)
      .execute(),
  ]);
  return {
    liked: new Set(likes.map((row) => row.comment_id)),
    reported: new Set(reports.map((row) => row.comment_id)),
  };
}

/** The account behind each mission's creator. */
export async function findCreatorUsers(
  db: DbExecutor,
  missionIds: readonly number[],
): Promise<Map<number, { userId: number; name: string }>> {
  if (missionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('missions as m')
    .innerJoin('creators as c', 'c.id', 'm.creator_id')
    .select(['m.id', 'c.user_id', 'c.name'])
    .where('m.id', 'in', [...new Set(missionIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, { userId: row.user_id, name: row.name }]));
}

/** Locks the mission row for the comment writes that recount it (serialises them per mission). */
export async function lockMission(db: DbExecutor, missionId: number): Promise<void> {
  await db.selectFrom('missions').select('id').where('id', '=', missionId).forNoKeyUpdate().execute();
}

/** Sets `missions.comments_count` to the mission's visible comments (call with the mission locked). */
export async function recountMissionComments(db: DbExecutor, missionId: number): Promise<void> {
  await db
    .updateTable('missions')
    .set({
      comments_count: (eb) =>
        eb
          .selectFrom('mission_comments')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('mission_comments.mission_id', '=', missionId)
          .where((inner) => visibleComment(inner)),
    })
    .where('id', '=', missionId)
    .execute();
}

export async function insertComment(
  db: DbExecutor,
  values: { missionId: number; userId: number; parentId: number | null; content: string; now: Date },
): Promise<CommentRow> {
  return await db
    .insertInto('mission_comments')
    .values({
      mission_id: values.missionId,
      user_id: values.userId,
      parent_id: values.parentId,
      content: values.content,
      created_at: values.now,
      edited_at: null,
      moderation: null,
      moderation_reason: null,
      moderated_by: null,
      moderated_at: null,
      event_id: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function hasReplies(db: DbExecutor, commentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('mission_comments')
    .select('id')
    .where('parent_id', '=', commentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds the like and moves the counter, only when the row really appeared; answers the count. */
export async function setLike(db: DbExecutor, commentId: number, userId: number, liked: boolean, now: Date) {
  const changed = liked
    ? await db
        .insertInto('mission_comment_likes')
        .values({ comment_id: commentId, user_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
        .returning('comment_id')
        .executeTakeFirst()
    : await db
        .deleteFrom('mission_comment_likes')
        .where('comment_id', '=', commentId)
        .where('user_id', '=', userId)
        .returning('comment_id')
        .executeTakeFirst();
  if (changed === undefined) {
    const row = await db
      .selectFrom('mission_comments')
      .select('likes_count')
      .where('id', '=', commentId)
      .executeTakeFirstOrThrow();
    return row.likes_count;
  }
  const row = await db
    .updateTable('mission_comments')
    .set({ likes_count: sql<number>`likes_count + ${liked ? 1 : -1}` })
    .where('id', '=', commentId)
    .returning('likes_count')
    .executeTakeFirstOrThrow();
  return row.likes_count;
}

/**
 * Adds (with its reason) or removes the report and moves the counter, only when the row really appeared or went; the
 * comment's `reports_open_since` follows the reports still waiting for a decision.
 */
export async function setReport(
  db: DbExecutor,
  commentId: number,
  userId: number,
  report: { reason: CommentReportReason; detail: string | null } | null,
  now: Date,
) {
  const changed = report
    ? await db
        .insertInto('mission_comment_reports')
        .values({
          comment_id: commentId,
          user_id: userId,
          created_at: now,
          reason: report.reason,
          detail: report.detail,
        })
        .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
        .returning('comment_id')
        .executeTakeFirst()
    : await db
        .deleteFrom('mission_comment_reports')
        .where('comment_id', '=', commentId)
        .where('user_id', '=', userId)
        .returning('comment_id')
        .executeTakeFirst();
  if (changed === undefined) return false;
  await db
    .updateTable('mission_comments')
    .set((eb) => ({
      reports_count: sql<number>`reports_count + ${report ? 1 : -1}`,
      reports_open_since: eb
        .selectFrom('mission_comment_reports')
        .select((reports) => reports.fn.min('created_at').as('oldest'))
        .where('comment_id', '=', commentId)
        .where('outcome', 'is', null),
    }))
    .where('id', '=', commentId)
    .execute();
  return true;
}

/** Marks the reports waiting on a comment decided; answers their reporters (each to be told the outcome). */
export async function decideOpenReports(
  db: DbExecutor,
  commentId: number,
  decision: { outcome: 'UPHELD' | 'DISMISSED'; by: number; at: Date },
): Promise<number[]> {
  const decided = await db
    .updateTable('mission_comment_reports')
    .set({ outcome: decision.outcome, decided_at: decision.at, decided_by: decision.by })
    .where('comment_id', '=', commentId)
    .where('outcome', 'is', null)
    .returning('user_id')
    .execute();
  await db.updateTable('mission_comments').set({ reports_open_since: null }).where('id', '=', commentId).execute();
  return decided.map((row) => row.user_id);
}

/** The most-liked visible comments since `since` on public, listed missions; ties newest first. */
export async function bestComments(db: DbExecutor, since: Date, limit: number): Promise<CommentRow[]> {
  return await db
    .selectFrom('mission_comments')
    .innerJoin('missions as m', 'm.id', 'mission_comments.mission_id')
    .selectAll('mission_comments')
    .where('mission_comments.created_at', '>=', since)
    .where('mission_comments.likes_count', '>', 0)
    .where((eb) => visibleComment(eb))
    .where('m.is_private', '=', false)
    .where('m.status', '<>', 'CREATED')
    // A public list: never an adult-flagged creator's mission.
    .where('m.creator_adult', '=', false)
    .orderBy('mission_comments.likes_count', 'desc')
    .orderBy('mission_comments.created_at', 'desc')
    .orderBy('mission_comments.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findRestriction(db: DbExecutor, userId: number, now: Date) {
  return await db
    .selectFrom('comment_restrictions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('until', '>', now)
    .executeTakeFirst();
}

// ---- operators ----

export interface AdminCommentRow extends CommentRow {
  username: string;
  /** The mission's creator's name when he wrote the comment, else null. */
  creator_name: string | null;
  open_reports_count: number;
}

export async function listAdminComments(
  db: DbExecutor,
  options: {
    filter: AdminCommentFilter;
    sort: ['id' | 'createdAt' | 'reportsCount' | 'likesCount', 'ASC' | 'DESC'];
    window: { offset: number; limit: number };
  },
): Promise<{ rows: AdminCommentRow[]; total: number }> {
  const { filter } = options;
  // The filter reads comments alone: the window's ids come from an index in the list's order, the authors only for
  // them; the total is exact up to EXACT_COUNT_LIMIT (`countUpTo`).
  let query = db.selectFrom('mission_comments');
  if (filter.id !== undefined) {
    query = query.where('mission_comments.id', 'in', Array.isArray(filter.id) ? [...filter.id, 0] : [filter.id]);
  }
  if (filter.reported === true) query = query.where('mission_comments.reports_count', '>', 0);
  if (filter.reported === false) query = query.where('mission_comments.reports_count', '=', 0);
  if (filter.awaitingDecision !== undefined) {
    query = query.where('mission_comments.reports_open_since', filter.awaitingDecision ? 'is not' : 'is', null);
  }
  if (filter.hidden !== undefined) {
    query = query.where((eb) => (filter.hidden ? eb.not(visibleComment(eb)) : visibleComment(eb)));
  }
  if (filter.missionId !== undefined) query = query.where('mission_comments.mission_id', '=', filter.missionId);
  if (filter.userId !== undefined) query = query.where('mission_comments.user_id', '=', filter.userId);
  if (filter.q) query = query.where('mission_comments.content', 'ilike', containsPattern(filter.q));
  const columns = {
    id: 'mission_comments.id',
    createdAt: 'mission_comments.created_at',
    reportsCount: 'mission_comments.reports_count',
    likesCount: 'mission_comments.likes_count',
  } as const;
  return selectListWindow(
    db
      .selectFrom('mission_comments')
      .innerJoin('users as u', 'u.id', 'mission_comments.user_id')
      .selectAll('mission_comments')
      .select('u.username')
      .select(
        sql<string | null>`(select c.name from missions m join creators c on c.id = m.creator_id
                      where m.id = mission_comments.mission_id and c.user_id = mission_comments.user_id)`.as(
          'creator_name',
        ),
      )
      .select(
        sql<number>`(select count(*)::int from mission_comment_reports r
                      where r.comment_id = mission_comments.id and r.outcome is null)`.as('open_reports_count'),
      ),
    { column: columns[options.sort[0]], direction: options.sort[1], idColumn: 'mission_comments.id' },
    options.window,
    query,
  );
}

/** A comment's newest reports with their reporters, for the operator deciding on it. */
export async function reportsOf(db: DbExecutor, commentId: number, limit: number) {
  return await db
    .selectFrom('mission_comment_reports as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.comment_id',
      'r.user_id',
      'r.reason',
      'r.detail',
      'r.created_at',
      'r.outcome',
      'r.decided_at',
      'u.username',
      'u.email',
    ])
    .where('r.comment_id', '=', commentId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
