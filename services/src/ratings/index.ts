/** Card ratings (average and count of the counted reviews) of products and creators, and the product summary rows. */
export { COUNTED_REVIEW, adjustProductSummary, creatorRatings, productRatings, ratingOf } from './ratings';
export type { CardRatingFigures } from './ratings';
export type { RatingsTables } from './table';
