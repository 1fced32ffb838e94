import { REVIEW_LIMITS, type CardRating } from '@fanmission/contracts';
import { sql, type SqlBool } from 'kysely';
import type { DbExecutor } from '../db';

/*
 * What a product or creator card shows of its reviews: their average (one decimal) and count, read from one summary
 * row per product (`product_review_summaries`) or creator (`creator_review_summaries`), never an aggregate per card.
 * The rows count the reviews that count (docs/rules/reviews.md); the few blocked authors' reviews are subtracted when
 * read, as the creator page's summary does (services/src/reviews/repository.ts).
 */

/** The counting rule as SQL on `mission_reviews as r` (never null, so that its negation holds too). */
export const COUNTED_REVIEW = sql<SqlBool>`(r.moderation is not distinct from 'VISIBLE' or (r.moderation is null and r.reports_count < ${sql.lit(
  REVIEW_LIMITS.reportsToHide,
)}))`;

export interface CardRatingFigures {
  count: number;
  sum: number;
}

/** The card's rating from its figures: null without a counted review. */
export function ratingOf(figures: CardRatingFigures | undefined): CardRating {
  if (!figures || figures.count <= 0) return null;
  return { average: Math.round((figures.sum / figures.count) * 10) / 10, count: figures.count };
}

/**
 * Moves a product's summary by one review of `rating` (delta +1 adds it, -1 takes it away); the row appears with the
 * product's first counted review. Call in the transaction that changes what is counted.
 */
export async function adjustProductSummary(db: DbExecutor, productId: number, rating: number, delta: 1 | -1) {
  // A review leaving the summary was counted in it, so the row exists (and an insert's checks would refuse -1).
  if (delta === -1) {
    await sql`
      update product_review_summaries set reviews_count = reviews_count - 1, rating_sum = rating_sum - ${rating}
      where product_id = ${productId}
    `.execute(db);
    return;
  }
  await sql`
    insert into product_review_summaries (product_id, reviews_count, rating_sum) values (${productId}, 1, ${rating})
    on conflict (product_id) do update set
      reviews_count = product_review_summaries.reviews_count + 1,
      rating_sum = product_review_summaries.rating_sum + ${rating}
  `.execute(db);
}

function subtract(
  figures: Map<number, CardRatingFigures>,
  blocked: readonly { key: number | string; n: string | number; sum: string | number | null }[],
) {
  for (const row of blocked) {
    const key = Number(row.key);
    const was = figures.get(key);
    if (!was) continue;
    figures.set(key, { count: was.count - Number(row.n), sum: was.sum - Number(row.sum ?? 0) });
  }
}

/** The cards' ratings of these products (one row each, minus their blocked authors' counted reviews). */
export async function productRatings(db: DbExecutor, productIds: readonly number[]): Promise<Map<number, CardRating>> {
  const ids = [...new Set(productIds)];
  const ratings = new Map<number, CardRating>();
  if (ids.length === 0) return ratings;
  const [rows, blocked] = await Promise.all([
    db
      .selectFrom('product_review_summaries')
      .select(['product_id', 'reviews_count', 'rating_sum'])
      .where('product_id', 'in', ids)
      .where('reviews_count', '>', 0)
      .execute(),
    db
      .selectFrom('users as u')
      .innerJoin('mission_reviews as r', 'r.user_id', 'u.id')
      .innerJoin('missions as m', 'm.id', 'r.mission_id')
      .where('u.login_blocked_at', 'is not', null)
      .where('m.product_id', 'in', ids)
      .where(COUNTED_REVIEW)
      .select([
        'm.product_id as key',
        (eb) => eb.fn.countAll<string>().as('n'),
        (eb) => eb.fn.sum<string>('r.rating').as('sum'),
      ])
      .groupBy('m.product_id')
      .execute(),
  ]);
  const figures = new Map(rows.map((row) => [row.product_id, { count: row.reviews_count, sum: row.rating_sum }]));
  subtract(figures, blocked);
  for (const id of ids) ratings.set(id, ratingOf(figures.get(id)));
  return ratings;
}

/** The cards' ratings of these creators (their summary rows, minus their blocked authors' counted reviews). */
export async function creatorRatings(db: DbExecutor, creatorIds: readonly number[]): Promise<Map<number, CardRating>> {
  const ids = [...new Set(creatorIds)];
  const ratings = new Map<number, CardRating>();
  if (ids.length === 0) return ratings;
  const [rows, blocked] = await Promise.all([
    db
      .selectFrom('creator_review_summaries')
      .select(['creator_id', 'reviews_count', 'rating_sum'])
      .where('creator_id', 'in', ids)
      .where('reviews_count', '>', 0)
      .execute(),
    db
      .selectFrom('users as u')
      .innerJoin('mission_reviews as r', 'r.user_id', 'u.id')
      .where('u.login_blocked_at', 'is not', null)
      .where('r.creator_id', 'in', ids)
      .where(COUNTED_REVIEW)
      .select([
        'r.creator_id as key',
        (eb) => eb.fn.countAll<string>().as('n'),
        (eb) => eb.fn.sum<string>('r.rating').as('sum'),
      ])
      .groupBy('r.creator_id')
      .execute(),
  ]);
  const figures = new Map(rows.map((row) => [row.creator_id, { count: row.reviews_count, sum: row.rating_sum }]));
  subtract(figures, blocked);
  for (const id of ids) ratings.set(id, ratingOf(figures.get(id)));
  return ratings;
}
