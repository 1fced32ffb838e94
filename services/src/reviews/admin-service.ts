import type {
  ADMIN_REVIEW_SORT_FIELDS,
  AdminReview,
  AdminReviewDetail,
  AdminReviewFilter,
} from '@fanmission/contracts';
import type { ListPage, ListWindow } from '../admin';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { notFound } from '../http';
import * as repository from './repository';
import type { AdminReviewRow } from './repository';

/*
 * The operators' review moderation, as comments are moderated (docs/rules/reviews.md): a review hidden or shown with a
 * reason stands over reports; the reports waiting on it are decided with it. Each decision is in the console's audit
 * log (every write under /api/admin is). The creator's summary follows in the same transaction.
 */

/** The newest reports a review's console page lists. */
const REPORTS_SHOWN = 100;

const adminReviewView = (row: AdminReviewRow): AdminReview => ({
  id: row.id,
  missionId: row.mission_id,
  creatorId: row.creator_id,
  creatorName: row.creator_name,
  userId: row.user_id,
  username: row.username,
  rating: row.rating,
  content: row.content,
  reply: row.reply,
  createdAt: row.created_at.toISOString(),
  editedAt: row.edited_at?.toISOString() ?? null,
  helpfulCount: row.helpful_count,
  reportsCount: row.reports_count,
  reportsOpenSince: row.reports_open_since?.toISOString() ?? null,
  hidden: !repository.isCounted(row),
  authorBlocked: row.author_blocked,
  moderation: row.moderation,
  moderationReason: row.moderation_reason,
});

export async function listReviewsForConsole(
  ctx: ServiceContext,
  options: {
    filter: AdminReviewFilter;
    sort: [(typeof ADMIN_REVIEW_SORT_FIELDS)[number], 'ASC' | 'DESC'];
    window: ListWindow;
  },
): Promise<ListPage<AdminReview>> {
  const { rows, total } = await repository.listAdminReviews(ctx.db, options);
  return { rows: rows.map(adminReviewView), total };
}

export async function getReviewForConsole(ctx: ServiceContext, id: number): Promise<AdminReviewDetail> {
  const { rows } = await listReviewsForConsole(ctx, {
    filter: { id },
    sort: ['id', 'DESC'],
    window: { offset: 0, limit: 1 },
  });
  if (!rows[0]) throw notFound('reviews.notFound');
  const reports = await repository.reportsOf(ctx.db, id, REPORTS_SHOWN);
  return {
    ...rows[0],
    reports: reports.map((report) => ({
      id: report.id,
      reviewId: report.review_id,
      reporterId: report.user_id,
      reporterName: report.username,
      reason: report.reason,
      detail: report.detail,
      createdAt: report.created_at.toISOString(),
      outcome: report.outcome,
    })),
  };
}

/** Hides or shows the review with the reason; decides the reports waiting on it; moves the creator's summary. */
export async function moderateReview(
  ctx: ServiceContext,
  operator: Caller,
  id: number,
  decision: { hidden: boolean; moderationReason: string },
): Promise<AdminReviewDetail> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repository.findReview(trx, { id }, { forUpdate: true });
    if (!before) throw notFound('reviews.notFound');
    const at = ctx.now();
    const after = await trx
      .updateTable('mission_reviews')
      .set({
        moderation: decision.hidden ? 'HIDDEN' : 'VISIBLE',
        moderation_reason: decision.moderationReason,
        moderated_by: operator.id,
        moderated_at: at,
        reports_open_since: null,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await repository.decideOpenReports(trx, id, {
      outcome: decision.hidden ? 'UPHELD' : 'DISMISSED',
      by: operator.id,
      at,
    });
    await repository.applyToSummary(trx, before, after);
  });
  return getReviewForConsole(ctx, id);
}
