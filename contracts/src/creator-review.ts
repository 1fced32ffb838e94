import { z } from 'zod';

/**
 * Operator review of creators ("creator sign-up goes through a review that takes 7 to 14 days").
 * PENDING until an operator decides; APPROVED means verified (public and searchable); REJECTED carries a reason the
 * creator sees on his dashboard until he edits his profile, which puts him back to PENDING.
 */
export const CREATOR_REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const creatorReviewStatusSchema = z.enum(CREATOR_REVIEW_STATUSES);
export type CreatorReviewStatus = z.infer<typeof creatorReviewStatusSchema>;
export const REVIEW_REASON_MAX = 1000;

/** Sign-up account types: a member (fan) or a creator. */
export const ACCOUNT_TYPES = ['USER', 'CREATOR'] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** What the creator's own dashboard shows of his review. */
export const creatorReviewSchema = z
  .object({
    status: creatorReviewStatusSchema,
    /** The operator's reason of the last rejection; shown while REJECTED. */
    reason: z.string().nullable(),
    /**
     * In the operator's queue: PENDING with basic info done (profile image and a tag) and an event or an active
     * BASIC/LUCKY product (the newbie flags); the dashboard's pending banner shows exactly then.
     */
    queued: z.boolean(),
    reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'CreatorReview' });
export type CreatorReview = z.infer<typeof creatorReviewSchema>;
