import type { Generated } from 'kysely';

/** Per product: the reviews of its missions counted (not hidden) and their rating sum. */
export interface ProductReviewSummariesTable {
  product_id: number;
  reviews_count: Generated<number>;
  rating_sum: Generated<number>;
}

export interface RatingsTables {
  product_review_summaries: ProductReviewSummariesTable;
}
