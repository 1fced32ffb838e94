import type {
  AdminComment,
  AdminCommentEvent,
  AdminCommentEventInput,
  AdminCommentFilter,
  AdminCommentDetail,
  AdminCommentReport,
  AdminCommentRestriction,
  ADMIN_COMMENT_SORT_FIELDS,
} from '@fanmission/contracts';
import { COMMENT_REPORTS_SHOWN } from '@fanmission/contracts';
import { countUpTo, selectListWindow, type ListWindow, type ListPage } from '../admin';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { AppError, conflict, invalidFields, notFound } from '../http';
import { domainEvent, recordEvents } from '../outbox';
import * as admin from './admin-repository';
import { adminEventViews, budgetApprovalOf, commitmentOf, eventValues, newServerSeed } from './coin-event';
import * as repository from './repository';
import type { AdminCommentRow } from './repository';

/*
 * The operators' comment tools: the comment coin events, the moderation of comments (hidden or shown with a
 * reason, standing over reports) and the members restricted from commenting.
 */

type Sort<Field extends string> = [Field, 'ASC' | 'DESC'];

// ---- comment coin events ----

const eventNotFound = () => notFound('comments.eventNotFound');

export async function listCommentEvents(
  ctx: ServiceContext,
  options: { ids?: number[]; sort: Sort<'id' | 'startsAt' | 'endsAt'>; window: ListWindow },
): Promise<ListPage<AdminCommentEvent>> {
  const [field, order] = options.sort;
  const column = ({ id: 'id', startsAt: 'starts_at', endsAt: 'ends_at' } as const)[field];
  const direction = order === 'ASC' ? 'asc' : 'desc';
  const query = admin.commentEventsQuery(ctx.db, { ...(options.ids && { ids: options.ids }), column, direction });
  const [rows, total] = await Promise.all([
    query.offset(options.window.offset).limit(options.window.limit).execute(),
    countUpTo(query),
  ]);
  return { rows: await adminEventViews(ctx.db, rows, ctx.now()), total };
}

export async function getCommentEvent(ctx: ServiceContext, id: number): Promise<AdminCommentEvent> {
  const row = await admin.findCommentEvent(ctx.db, id);
  if (!row) throw eventNotFound();
  return (await adminEventViews(ctx.db, [row], ctx.now()))[0]!;
}

/** The server draws the seed and commits to it (its sha256) before any comment rolls. */
export async function createCommentEvent(ctx: ServiceContext, input: AdminCommentEventInput, authorId: number) {
  const serverSeed = newServerSeed();
  const id = await admin.insertCommentEvent(ctx.db, {
    ...eventValues(input),
    server_seed: serverSeed,
    commitment: commitmentOf(serverSeed),
    created_by: authorId,
    budget_set_by: authorId,
  });
  return getCommentEvent(ctx, id);
}

/**
 * The seed and its commitment never change; wins already paid stand. A change of what the budget pays (the coins per
 * win, the daily budget, the period, the win probability) takes back finance's approval of the budget and makes the
 * editor the member who set it.
 */
export async function updateCommentEvent(
  ctx: ServiceContext,
  id: number,
  input: AdminCommentEventInput,
  editorId: number,
) {
  const values = eventValues(input);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const before = await admin.findCommentEvent(trx, id, { forUpdate: true });
    if (!before) return false;
    const budgetChanged =
      before.coins_per_win !== values.coins_per_win ||
      before.daily_budget !== values.daily_budget ||
      Number(before.win_probability) !== Number(values.win_probability) ||
      before.starts_at.getTime() !== values.starts_at.getTime() ||
      before.ends_at.getTime() !== values.ends_at.getTime();
    await admin.updateCommentEvent(trx, id, {
      ...values,
      ...(budgetChanged && { budget_set_by: editorId, budget_approved_by: null, budget_approved_at: null }),
    });
    return true;
  });
  if (!updated) throw eventNotFound();
  return getCommentEvent(ctx, id);
}

/**
 * Finance approves an event's daily budget above what operators may grant alone: never the member who last set the
 * budget or its period, nor the event's author (403 `OWN_ACCOUNT`), and only an event that needs it and has not had
 * it (409).
 */
export async function approveCommentEventBudget(ctx: ServiceContext, id: number, approverId: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const event = await admin.findCommentEvent(trx, id, { forUpdate: true });
    if (!event) throw eventNotFound();
    if (event.budget_set_by === approverId || event.created_by === approverId) {
      throw new AppError(403, 'comments.eventOwnApproval', { code: 'OWN_ACCOUNT' });
    }
    if (budgetApprovalOf(event) !== 'PENDING') throw conflict('comments.eventApprovalNotPending');
    await admin.updateCommentEvent(trx, id, { budget_approved_by: approverId, budget_approved_at: ctx.now() });
  });
  return getCommentEvent(ctx, id);
}

/** Only an event without winners; answers the deleted record. */
export async function deleteCommentEvent(ctx: ServiceContext, id: number): Promise<AdminCommentEvent> {
  const record = await getCommentEvent(ctx, id);
  if (record.wins > 0) throw conflict('comments.eventHasWins');
  await admin.deleteCommentEvent(ctx.db, id);
  return record;
}

// ---- moderation ----

const adminCommentView = (row: AdminCommentRow): AdminComment => ({
  id: row.id,
  missionId: row.mission_id,
  parentCommentId: row.parent_id,
  content: row.content,
  userId: row.user_id,
  username: row.username,
  // Signed as on the mission's page (services/src/comments/service.ts): the creator under his creator name.
  authorName: row.creator_name ?? row.username,
  createdAt: row.created_at.toISOString(),
  editedAt: row.edited_at?.toISOString() ?? null,
  likesCount: row.likes_count,
  reportsCount: row.reports_count,
  openReportsCount: row.open_reports_count,
  reportsOpenSince: row.reports_open_since?.toISOString() ?? null,
  hidden: repository.isHidden(row),
  moderation: row.moderation,
  moderationReason: row.moderation_reason,
});

export async function listCommentsForConsole(
  ctx: ServiceContext,
  options: { filter: AdminCommentFilter; sort: Sort<(typeof ADMIN_COMMENT_SORT_FIELDS)[number]>; window: ListWindow },
): Promise<ListPage<AdminComment>> {
  const { rows, total } = await repository.listAdminComments(ctx.db, options);
  return { rows: rows.map(adminCommentView), total };
}

/** One comment with its newest reports (COMMENT_REPORTS_SHOWN at most): who reported, why, when, what was decided. */
export async function getCommentForConsole(ctx: ServiceContext, id: number): Promise<AdminCommentDetail> {
  const { rows } = await listCommentsForConsole(ctx, {
    filter: { id },
    sort: ['id', 'DESC'],
    window: { offset: 0, limit: 1 },
  });
  if (!rows[0]) throw notFound('comments.notFound');
  const reports = await repository.reportsOf(ctx.db, id, COMMENT_REPORTS_SHOWN);
  return { ...rows[0], reports: reports.map(reportView) };
}

/**
 * The operator's decision stands over reports: shown again stays visible, hidden stays hidden. The reports waiting on
 * the comment are decided with it (hidden: upheld; shown: dismissed) and each reporter is told, through the outbox.
 */
export async function moderateComment(
  ctx: ServiceContext,
  operator: Caller,
  id: number,
  decision: { hidden: boolean; moderationReason: string | null },
): Promise<AdminCommentDetail> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repository.findComment(trx, id);
    if (!row) throw notFound('comments.notFound');
    await repository.lockMission(trx, row.mission_id);
    const at = ctx.now();
    await admin.setModeration(trx, row.id, {
      hidden: decision.hidden,
      reason: decision.moderationReason,
      by: operator.id,
      at,
    });
    const outcome = decision.hidden ? 'UPHELD' : 'DISMISSED';
    const reporterIds = await repository.decideOpenReports(trx, row.id, { outcome, by: operator.id, at });
    if (reporterIds.length > 0) {
      await recordEvents(trx, [
        domainEvent(
          'mission.comment-reports-decided',
          { missionId: row.mission_id, commentId: row.id, outcome, reporterIds },
          at,
        ),
      ]);
    }
    await repository.recountMissionComments(trx, row.mission_id);
  });
  return getCommentForConsole(ctx, id);
}

// ---- reports ----

type ReportRow = Awaited<ReturnType<typeof repository.reportsOf>>[number];

const reportView = (row: ReportRow): AdminCommentReport => ({
  id: row.id,
  commentId: row.comment_id,
  reporterId: row.user_id,
  reporterName: row.username,
  reporterEmail: row.email,
  reason: row.reason,
  detail: row.detail,
  createdAt: row.created_at.toISOString(),
  outcome: row.outcome,
  decidedAt: row.decided_at?.toISOString() ?? null,
});

// ---- restrictions ----

const restrictionNotFound = () => notFound('comments.restrictionNotFound');

type RestrictionRow = NonNullable<Awaited<ReturnType<typeof admin.findRestrictionOf>>>;

const restrictionView = (row: RestrictionRow): AdminCommentRestriction => ({
  id: row.user_id,
  username: row.username,
  until: row.until.toISOString(),
  reason: row.reason,
  createdAt: row.created_at.toISOString(),
});

/** Newest first; expired restrictions are listed too. */
/** Restrictions by the time they were made, newest first unless `direction` is ASC (the member's id breaks ties). */
export async function listRestrictions(
  ctx: ServiceContext,
  direction: 'ASC' | 'DESC',
  window: ListWindow,
): Promise<ListPage<AdminCommentRestriction>> {
  const { rows, total } = await selectListWindow(
    admin.restrictionsQuery(ctx.db),
    { column: 'r.created_at', direction, idColumn: 'r.user_id' },
    window,
  );
  return { rows: rows.map(restrictionView), total };
}

export async function getRestriction(ctx: ServiceContext, userId: number): Promise<AdminCommentRestriction> {
  const row = await admin.findRestrictionOf(ctx.db, userId);
  if (!row) throw restrictionNotFound();
  return restrictionView(row);
}

/** Replaces the member's restriction if he has one; his comments then answer 403 with the date. */
export async function restrictMember(
  ctx: ServiceContext,
  operator: Caller,
  input: { userId: number; until: string; reason: string },
): Promise<AdminCommentRestriction> {
  if (!(await admin.memberExists(ctx.db, input.userId))) {
    throw invalidFields([{ field: 'userId', key: 'comments.unknownUser', rejectedValue: input.userId }]);
  }
  await admin.upsertRestriction(ctx.db, input.userId, {
    until: new Date(input.until),
    reason: input.reason,
    created_by: operator.id,
    created_at: ctx.now(),
  });
  return getRestriction(ctx, input.userId);
}

/** Answers the deleted record. */
export async function liftRestriction(ctx: ServiceContext, userId: number): Promise<AdminCommentRestriction> {
  const record = await getRestriction(ctx, userId);
  await admin.deleteRestriction(ctx.db, userId);
  return record;
}
