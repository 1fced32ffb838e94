import { REVIEW_LIMITS, type AdminReviewFilter, type CommentReportReason } from '@fanmission/contracts';
import { sql, type SqlBool } from 'kysely';
import { selectListWindow } from '../admin';
import type { DbExecutor } from '../db';
import { COUNTED_REVIEW, adjustProductSummary } from '../ratings';
import type { ReviewRow } from './table';

/*
 * Review queries. A review counts (in its creator's summary) unless an operator hid it or, with no operator decision
 * yet, REVIEW_LIMITS.reportsToHide distinct members reported it. A counted review is shown unless its author's account
 * is blocked (then it is left out while the block lasts, and the summary read subtracts it).
 */

/** The counting rule as SQL on `mission_reviews as r` (never null, so that its negation holds too). */
export { COUNTED_REVIEW };
const NOT_COUNTED_REVIEW = sql<SqlBool>`not ${COUNTED_REVIEW}`;

/** The author of `mission_reviews as r` is not blocked. */
const AUTHOR_NOT_BLOCKED = sql<SqlBool>`not exists (
  select 1 from users blocked where blocked.id = r.user_id and blocked.login_blocked_at is not null)`;

export const isCounted = (row: Pick<ReviewRow, 'moderation' | 'reports_count'>) =>
  row.moderation === 'VISIBLE' || (row.moderation === null && row.reports_count < REVIEW_LIMITS.reportsToHide);

export async function findReview(
  db: DbExecutor,
  by: { id: number } | { missionId: number },
  options: { forUpdate?: boolean } = {},
): Promise<ReviewRow | undefined> {
  let query = db.selectFrom('mission_reviews').selectAll();
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('mission_id', '=', by.missionId);
  if (options.forUpdate) query = query.forUpdate();
  return await query.executeTakeFirst();
}

export async function insertReview(
  db: DbExecutor,
  values: { missionId: number; creatorId: number; userId: number; rating: number; content: string; now: Date },
): Promise<ReviewRow | undefined> {
  return await db
    .insertInto('mission_reviews')
    .values({
      mission_id: values.missionId,
      creator_id: values.creatorId,
      user_id: values.userId,
      rating: values.rating,
      content: values.content,
      created_at: values.now,
      edited_at: null,
      reply: null,
      reply_at: null,
      reply_edited_at: null,
      reports_open_since: null,
      moderation: null,
      moderation_reason: null,
      moderated_by: null,
      moderated_at: null,
    })
    .onConflict((oc) => oc.column('mission_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Moves a creator's summary by one review of `rating` (delta +1 adds it, -1 takes it away); the row appears with the
 * creator's first counted review. Call in the transaction that changes what is counted.
 */
export async function adjustSummary(db: DbExecutor, creatorId: number, rating: number, delta: 1 | -1) {
  const star = sql.ref(`stars_${rating}`);
  // A review leaving the summary was counted in it, so the row exists (and an insert's checks would refuse -1).
  if (delta === -1) {
    await sql`
      update creator_review_summaries set
        reviews_count = reviews_count - 1, rating_sum = rating_sum - ${rating}, ${star} = ${star} - 1
      where creator_id = ${creatorId}
    `.execute(db);
    return;
  }
  await sql`
    insert into creator_review_summaries (creator_id, reviews_count, rating_sum, ${star})
    values (${creatorId}, 1, ${rating}, 1)
    on conflict (creator_id) do update set
      reviews_count = creator_review_summaries.reviews_count + 1,
      rating_sum = creator_review_summaries.rating_sum + ${rating},
      ${star} = creator_review_summaries.${star} + 1
  `.execute(db);
}

type SummaryCounted = Pick<ReviewRow, 'mission_id' | 'creator_id' | 'rating' | 'moderation' | 'reports_count'>;

/** The product of the review's mission (its summary row moves with the creator's). */
async function productOfMission(db: DbExecutor, missionId: number): Promise<number> {
  const row = await db
    .selectFrom('missions')
    .select('product_id')
    .where('id', '=', missionId)
    .executeTakeFirstOrThrow();
  return row.product_id;
}

/** Applies the change of one review (before → after, either absent) to its creator's and its product's summaries. */
export async function applyToSummary(db: DbExecutor, before: SummaryCounted | null, after: SummaryCounted | null) {
  const was = before !== null && isCounted(before);
  const is = after !== null && isCounted(after);
  if (was && is && before.rating === after.rating) return;
  if (was) {
    await adjustSummary(db, before.creator_id, before.rating, -1);
    await adjustProductSummary(db, await productOfMission(db, before.mission_id), before.rating, -1);
  }
  if (is) {
    await adjustSummary(db, after.creator_id, after.rating, 1);
    await adjustProductSummary(db, await productOfMission(db, after.mission_id), after.rating, 1);
  }
}

type Figures = { count: number; sum: number; stars: [number, number, number, number, number] };

/** The creator's summary row minus the counted reviews of blocked authors (few: read through users_login_blocked). */
export async function summaryFigures(db: DbExecutor, creatorId: number): Promise<Figures> {
  const [row, blocked] = await Promise.all([
    db.selectFrom('creator_review_summaries').selectAll().where('creator_id', '=', creatorId).executeTakeFirst(),
    db
      .selectFrom('users as u')
      .innerJoin('mission_reviews as r', (join) =>
        join.onRef('r.user_id', '=', 'u.id').on('r.creator_id', '=', creatorId),
      )
      .where('u.login_blocked_at', 'is not', null)
      .where(COUNTED_REVIEW)
      .select(['r.rating', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('r.rating')
      .execute(),
  ]);
  const stars: Figures['stars'] = [
    row?.stars_1 ?? 0,
    row?.stars_2 ?? 0,
    row?.stars_3 ?? 0,
    row?.stars_4 ?? 0,
    row?.stars_5 ?? 0,
  ];
  let count = row?.reviews_count ?? 0;
  let sum = row?.rating_sum ?? 0;
  for (const { rating, n } of blocked) {
    stars[rating - 1] = stars[rating - 1]! - Number(n);
    count -= Number(n);
    sum -= rating * Number(n);
  }
  return { count, sum, stars };
}

/** Recounts a product's figures from the reviews of its missions (what its summary row must always equal). */
export async function recountProductFigures(db: DbExecutor, productId: number) {
  const row = await db
    .selectFrom('mission_reviews as r')
    .innerJoin('missions as m', 'm.id', 'r.mission_id')
    .where('m.product_id', '=', productId)
    .where(COUNTED_REVIEW)
    .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('r.rating').as('sum')])
    .executeTakeFirstOrThrow();
  return { reviews_count: Number(row.n), rating_sum: Number(row.sum ?? 0) };
}

/** Recounts the figures from the reviews themselves (what the summary row must always equal). */
export async function recountFigures(db: DbExecutor, creatorId: number) {
  const rows = await db
    .selectFrom('mission_reviews as r')
    .where('r.creator_id', '=', creatorId)
    .where(COUNTED_REVIEW)
    .select(['r.rating', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('r.rating')
    .execute();
  const stars = [0, 0, 0, 0, 0];
  for (const { rating, n } of rows) stars[rating - 1] = Number(n);
  return {
    reviews_count: stars.reduce((a, b) => a + b, 0),
    rating_sum: stars.reduce((a, n, i) => a + n * (i + 1), 0),
    stars,
  };
}

export type ListedReview = ReviewRow & { username: string; is_private: boolean };

/** A page of a creator's shown reviews after the keyset position, in the sort's order (one index each). */
export async function listShownReviews(
  db: DbExecutor,
  creatorId: number,
  sort: 'NEWEST' | 'HELPFUL',
  after: { key: string | number; id: number } | null,
  limit: number,
): Promise<ListedReview[]> {
  let query = db
    .selectFrom('mission_reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('missions as m', 'm.id', 'r.mission_id')
    .selectAll('r')
    .select(['u.username', 'm.is_private'])
    .where('r.creator_id', '=', creatorId)
    .where(COUNTED_REVIEW)
    .where(AUTHOR_NOT_BLOCKED);
  if (sort === 'NEWEST') {
    if (after) query = query.where(sql<boolean>`(r.created_at, r.id) < (${new Date(after.key)}, ${after.id})`);
    query = query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc');
  } else {
    if (after) query = query.where(sql<boolean>`(r.helpful_count, r.id) < (${Number(after.key)}, ${after.id})`);
    query = query.orderBy('r.helpful_count', 'desc').orderBy('r.id', 'desc');
  }
  return await query.limit(limit).execute();
}

/** The row with its author's name and its mission's privacy. */
export async function findListedReview(db: DbExecutor, id: number): Promise<ListedReview | undefined> {
  return await db
    .selectFrom('mission_reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('missions as m', 'm.id', 'r.mission_id')
    .selectAll('r')
    .select(['u.username', 'm.is_private'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export async function isAuthorBlocked(db: DbExecutor, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('login_blocked_at').where('id', '=', userId).executeTakeFirst();
  return row?.login_blocked_at != null;
}

/** Of these reviews, the ones the user voted helpful and the ones he reported. */
export async function findViewerMarks(db: DbExecutor, userId: number, reviewIds: readonly number[]) {
  if (reviewIds.length === 0) return { helpful: new Set<number>(), reported: new Set<number>() };
  const ids = [...new Set(reviewIds)];
  const [votes, reports] = await Promise.all([
    db
      .selectFrom('mission_review_votes')
      .select('review_id')
      .where('user_id', '=', userId)
      .where('review_id', 'in', ids)
      .execute(),
    db
      .selectFrom('mission_review_reports')
      .select('review_id')
      .where('user_id', '=', userId)
      .where('review_id', 'in', ids)
      .execute(),
  ]);
  return {
    helpful: new Set(votes.map((row) => row.review_id)),
    reported: new Set(reports.map((row) => row.review_id)),
  };
}

/** Adds or removes the vote and moves the counter only when the row really appeared or went; answers the count. */
export async function setVote(db: DbExecutor, reviewId: number, userId: number, on: boolean, now: Date) {
  const changed = on
    ? await db
        .insertInto('mission_review_votes')
        .values({ review_id: reviewId, user_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
        .returning('review_id')
        .executeTakeFirst()
    : await db
        .deleteFrom('mission_review_votes')
        .where('review_id', '=', reviewId)
        .where('user_id', '=', userId)
        .returning('review_id')
        .executeTakeFirst();
  const row = await db
    .updateTable('mission_reviews')
    .set({ helpful_count: sql<number>`helpful_count + ${changed === undefined ? 0 : on ? 1 : -1}` })
    .where('id', '=', reviewId)
    .returning('helpful_count')
    .executeTakeFirstOrThrow();
  return row.helpful_count;
}

/** Adds the member's report (once) and moves the counters; answers whether it was new. */
export async function addReport(
  db: DbExecutor,
  reviewId: number,
  userId: number,
  report: { reason: CommentReportReason; detail: string | null },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('mission_review_reports')
    .values({
      review_id: reviewId,
      user_id: userId,
      created_at: now,
      reason: report.reason,
      detail: report.detail,
      outcome: null,
      decided_at: null,
      decided_by: null,
    })
    .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await db
    .updateTable('mission_reviews')
    .set({
      reports_count: sql<number>`reports_count + 1`,
      reports_open_since: sql<Date>`coalesce(reports_open_since, ${now})`,
    })
    .where('id', '=', reviewId)
    .execute();
  return true;
}

/** Decides the reports no operator has decided on; answers the reporters. */
export async function decideOpenReports(
  db: DbExecutor,
  reviewId: number,
  decision: { outcome: 'UPHELD' | 'DISMISSED'; by: number; at: Date },
): Promise<number[]> {
  const rows = await db
    .updateTable('mission_review_reports')
    .set({ outcome: decision.outcome, decided_by: decision.by, decided_at: decision.at })
    .where('review_id', '=', reviewId)
    .where('outcome', 'is', null)
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

// ---- console ----

export type AdminReviewRow = ReviewRow & { username: string; creator_name: string; author_blocked: boolean };

/**
 * The console's list: the filter reads reviews alone (the window's ids come from an index in the list's order,
 * services/src/db/list-indexes.ts), the authors and creators only for the window.
 */
export async function listAdminReviews(
  db: DbExecutor,
  options: {
    filter: AdminReviewFilter;
    sort: ['id' | 'createdAt' | 'reportsCount' | 'rating', 'ASC' | 'DESC'];
    window: { offset: number; limit: number };
  },
): Promise<{ rows: AdminReviewRow[]; total: number }> {
  const { filter } = options;
  let keys = db.selectFrom('mission_reviews as r');
  if (filter.id !== undefined) {
    keys = keys.where('r.id', 'in', Array.isArray(filter.id) ? [...filter.id, 0] : [filter.id]);
  }
  if (filter.reported !== undefined) keys = keys.where('r.reports_count', filter.reported ? '>' : '=', 0);
  if (filter.awaitingDecision !== undefined) {
    keys = keys.where('r.reports_open_since', filter.awaitingDecision ? 'is not' : 'is', null);
  }
  if (filter.hidden !== undefined) {
    keys = keys.where(filter.hidden ? NOT_COUNTED_REVIEW : COUNTED_REVIEW);
  }
  if (filter.creatorId !== undefined) keys = keys.where('r.creator_id', '=', filter.creatorId);
  if (filter.rating !== undefined) keys = keys.where('r.rating', '=', filter.rating);
  const columns = {
    id: 'r.id',
    createdAt: 'r.created_at',
    reportsCount: 'r.reports_count',
    rating: 'r.rating',
  } as const;
  return selectListWindow(
    db
      .selectFrom('mission_reviews as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('creators as c', 'c.id', 'r.creator_id')
      .selectAll('r')
      .select([
        'u.username',
        'c.name as creator_name',
        sql<boolean>`u.login_blocked_at is not null`.as('author_blocked'),
      ]),
    { column: columns[options.sort[0]], direction: options.sort[1], idColumn: 'r.id' },
    options.window,
    keys,
  );
}

export async function reportsOf(db: DbExecutor, reviewId: number, limit: number) {
  return await db
    .selectFrom('mission_review_reports as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select('u.username')
    .where('p.review_id', '=', reviewId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}
