import { z } from 'zod';
import { COMMENT_MODERATION_STATES, COMMENT_REPORT_DETAIL_MAX, commentReportReasonSchema } from './comments';

/*
 * Reviews of completed missions: the requester rates the answer 1–5 stars with optional words, the creator replies
 * once; the creator page shows the summary and the list. Custom messages are keys of the server's catalogue.
 */

const instant = z.iso.datetime({ offset: true });

export const REVIEW_LIMITS = {
  /** Longest words of a review and of the creator's reply. */
  content: 1_000,
  reply: 1_000,
  /** A review may be written this many days after the mission's completion. */
  writeDays: 30,
  /** A review (or a reply) may be edited this many days after it was written. */
  editDays: 7,
  /** Reviews reported by this many distinct members are hidden until an operator decides. */
  reportsToHide: 5,
} as const;

export const REVIEW_SORTS = ['NEWEST', 'HELPFUL'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const reviewReplySchema = z.object({
  content: z.string(),
  created: instant,
  edited: instant.nullable(),
});

export const reviewSchema = z
  .object({
    id: z.number().int(),
    /** The reviewed mission; null when the mission is private (its existence and content stay private). */
    missionId: z.number().int().nullable(),
    rating: z.number().int().min(1).max(5),
    content: z.string(),
    /** The requester's nickname: the only thing a review says about who wrote it. */
    authorName: z.string(),
    created: instant,
    edited: instant.nullable(),
    reply: reviewReplySchema.nullable(),
    helpfulCount: z.number().int().nonnegative(),
    /** The caller voted it helpful. */
    helpful: z.boolean(),
    /** The caller reported it. */
    reported: z.boolean(),
    /** The caller wrote it. */
    own: z.boolean(),
  })
  .meta({ id: 'MissionReview' });
export type MissionReview = z.infer<typeof reviewSchema>;

export const reviewSummarySchema = z
  .object({
    creatorId: z.number().int(),
    count: z.number().int().nonnegative(),
    /** One decimal; null without reviews. */
    average: z.number().nullable(),
    /** Reviews per rating, 5 stars first. */
    distribution: z.array(z.object({ stars: z.number().int().min(1).max(5), count: z.number().int().nonnegative() })),
  })
  .meta({ id: 'CreatorReviewSummary' });
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewPageQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS, { error: 'reviews.sortInvalid' }).default('NEWEST'),
  /** `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'reviews.cursorInvalid' })
    .optional(),
  size: z.coerce.number().int().min(1).max(50).default(10),
});
export type ReviewPageQuery = z.infer<typeof reviewPageQuerySchema>;

export const reviewPageSchema = z
  .object({ items: z.array(reviewSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'MissionReviewPage' });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** `GET /missions/{id}/review`: the mission's review and what the caller may do with it. */
export const missionReviewStateSchema = z
  .object({
    review: reviewSchema.nullable(),
    /** The requester may write it now (completed, not refunded, within the days allowed, not written yet). */
    canReview: z.boolean(),
    /** The last moment he may write it (null: not his to write). */
    reviewableUntil: instant.nullable(),
    /** The requester may still edit his review. */
    canEdit: z.boolean(),
    /** The creator may reply (a review without a reply) or edit his reply. */
    canReply: z.boolean(),
    canEditReply: z.boolean(),
  })
  .meta({ id: 'MissionReviewState' });
export type MissionReviewState = z.infer<typeof missionReviewStateSchema>;

const rating = z
  .number({ error: 'reviews.ratingInvalid' })
  .int({ error: 'reviews.ratingInvalid' })
  .min(1, { error: 'reviews.ratingInvalid' })
  .max(5, { error: 'reviews.ratingInvalid' });
const words = z
  .string({ error: 'reviews.contentInvalid' })
  .trim()
  .max(REVIEW_LIMITS.content, { error: 'reviews.contentTooLong' });

/** POST and PUT /missions/{id}/review. */
export const reviewRequestSchema = z.strictObject({ rating, content: words.default('') });
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** POST and PUT /missions/{id}/review/reply. */
export const reviewReplyRequestSchema = z.strictObject({
  content: z
    .string({ error: 'reviews.replyRequired' })
    .trim()
    .min(1, { error: 'reviews.replyRequired' })
    .max(REVIEW_LIMITS.reply, { error: 'reviews.replyTooLong' }),
});
export type ReviewReplyRequest = z.infer<typeof reviewReplyRequestSchema>;

export const reviewHelpfulResponseSchema = z
  .object({ id: z.number().int(), helpful: z.boolean(), helpfulCount: z.number().int().nonnegative() })
  .meta({ id: 'MissionReviewHelpful' });
export type ReviewHelpfulResponse = z.infer<typeof reviewHelpfulResponseSchema>;

/** POST /mission-reviews/{id}/reports: the same reasons as a comment's report; OTHER needs words. */
export const reviewReportRequestSchema = z
  .strictObject({
    reason: commentReportReasonSchema,
    detail: z.string().trim().max(COMMENT_REPORT_DETAIL_MAX, { error: 'comments.reportDetailTooLong' }).optional(),
  })
  .superRefine((body, context) => {
    if (body.reason === 'OTHER' && !body.detail) {
      context.addIssue({ code: 'custom', path: ['detail'], message: 'comments.reportDetailRequired' });
    }
  });
export type ReviewReportRequest = z.infer<typeof reviewReportRequestSchema>;

/** A creator's rating as cards show it. */
export const creatorRatingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type CreatorRating = z.infer<typeof creatorRatingSchema>;

// ---- Operators ----

export const ADMIN_REVIEW_SORT_FIELDS = ['id', 'createdAt', 'reportsCount', 'rating'] as const;

export const adminReviewSchema = z
  .object({
    id: z.number().int(),
    missionId: z.number().int(),
    creatorId: z.number().int(),
    creatorName: z.string(),
    userId: z.number().int(),
    username: z.string(),
    rating: z.number().int(),
    content: z.string(),
    reply: z.string().nullable(),
    createdAt: instant,
    editedAt: instant.nullable(),
    helpfulCount: z.number().int(),
    reportsCount: z.number().int(),
    /** When the oldest report no operator has decided on was made (null: none waits). */
    reportsOpenSince: instant.nullable(),
    /** Hidden for everyone (by an operator, or by reports with no operator decision yet). */
    hidden: z.boolean(),
    /** Its author's account is blocked: left out of every public list while the block lasts. */
    authorBlocked: z.boolean(),
    moderation: z.enum(COMMENT_MODERATION_STATES).nullable(),
    moderationReason: z.string().nullable(),
  })
  .meta({ id: 'AdminMissionReview' });
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewReportSchema = z
  .object({
    id: z.number().int(),
    reviewId: z.number().int(),
    reporterId: z.number().int(),
    reporterName: z.string(),
    reason: commentReportReasonSchema,
    detail: z.string().nullable(),
    createdAt: instant,
    outcome: z.enum(['UPHELD', 'DISMISSED']).nullable(),
  })
  .meta({ id: 'AdminMissionReviewReport' });

export const adminReviewDetailSchema = adminReviewSchema
  .extend({ reports: z.array(adminReviewReportSchema) })
  .meta({ id: 'AdminMissionReviewDetail' });
export type AdminReviewDetail = z.infer<typeof adminReviewDetailSchema>;

export const adminReviewFilterSchema = z.object({
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
  /** Only reviews with at least one report. */
  reported: z.boolean().optional(),
  /** Only reviews with reports no operator has decided on (the to-do block's queue). */
  awaitingDecision: z.boolean().optional(),
  hidden: z.boolean().optional(),
  creatorId: z.number().int().optional(),
  rating: z.number().int().min(1).max(5).optional(),
});
export type AdminReviewFilter = z.infer<typeof adminReviewFilterSchema>;

/** PUT /api/admin/mission-reviews/{id}: hide or show a review, with the reason (react-admin sends the record). */
export const adminReviewModerationSchema = z.object({
  hidden: z.boolean({ error: 'validation.required' }),
  moderationReason: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(500),
});
