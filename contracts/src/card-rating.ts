import { z } from 'zod';

/**
 * What a product or creator card shows of its reviews: the average (one decimal) and count of the reviews the creator
 * page counts; null when there is none.
 */
export const cardRatingSchema = z
  .object({ average: z.number().min(1).max(5), count: z.number().int().positive() })
  .nullable()
  .meta({ id: 'CardRating' });
export type CardRating = z.infer<typeof cardRatingSchema>;
