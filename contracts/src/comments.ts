import { z } from 'zod';
import { PAGE_SIZES, TEXT_LIMITS } from './limits';
import { missionCreatorSchema } from './mission-products-api';
import { pageSchema } from './page';
import { userSummarySchema } from './users';

/*
 * Mission comments (the right panel of a mission detail: states, rules, calls and messages), the comment coin event and the operators' moderation. Custom messages are keys of the server's catalogue.
 */

const instant = z.iso.datetime({ offset: true });

/** Comments reported by this many distinct members are hidden for everyone until an operator decides. */
export const COMMENT_REPORTS_TO_HIDE = 5;
/** Best comments: the most-liked of the last this many days. */
export const BEST_COMMENTS_DAYS = 7;
export const BEST_COMMENTS_COUNT = 3;

export const commentSchema = z
  .object({
    id: z.number().int(),
    missionId: z.number().int(),
    content: z.string(),
    /** The top-level comment a reply answers (null for a top-level comment); one level only. */
    parentCommentId: z.number().int().nullable(),
    user: userSummarySchema,
    /** Written by the mission's creator: shown with the creator icon. */
    creator: z.boolean(),
    /** The name the comment is shown under: the creator's name on his comments, else the member's username. */
    authorName: z.string(),
    created: instant,
    /** When the author last changed it (null: never), shown as "edited". */
    edited: instant.nullable(),
    liked: z.boolean(),
    likedCount: z.number().int().nonnegative(),
    /** Visible replies (top-level comments only; 0 for replies). */
    childrenCount: z.number().int().nonnegative(),
    /** The caller reported it: the panel shows the blocked message instead of the content. */
    blocked: z.boolean(),
    /** The comment won the comment coin event. */
    commentEventWin: z.boolean(),
    /** Coins the win credited (0 without a win). */
    winPoint: z.number().int().nonnegative(),
  })
  .meta({ id: 'MissionComment' });
export type MissionComment = z.infer<typeof commentSchema>;

export const commentPageSchema = pageSchema(commentSchema).meta({ id: 'MissionCommentPage' });

/** `true` or `false` in a query string; empty means not given. */
const booleanQuery = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
);

export const commentPageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(50).default(PAGE_SIZES.comments),
  /** Top-level comments only (the default unless `parentCommentId` is given). */
  parentOnly: booleanQuery,
  /** The replies of this top-level comment, oldest first. */
  parentCommentId: z.coerce.number().int().positive().optional(),
});
export type CommentPageQuery = z.infer<typeof commentPageQuerySchema>;

export const commentParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  commentId: z.coerce.number().int().positive(),
});

const content = z.string({ error: 'validation.required' }).trim().max(TEXT_LIMITS.comment, {
  error: 'comments.tooLong',
});

/** POST /missions/{id}/comments: an empty comment asks for a comment, an empty reply for a reply. */
export const createCommentRequestSchema = z
  .strictObject({
    content,
    parentCommentId: z.number().int().positive().nullable().optional(),
  })
  .superRefine((body, context) => {
    if (body.content.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['content'],
        message: body.parentCommentId ? 'comments.replyRequired' : 'comments.contentRequired',
      });
    }
  });
export type CreateCommentRequest = z.infer<typeof createCommentRequestSchema>;

/** PUT /missions/{id}/comments/{commentId}. */
export const updateCommentRequestSchema = z.strictObject({
  content: content.min(1, { error: 'comments.editRequired' }),
});
export type UpdateCommentRequest = z.infer<typeof updateCommentRequestSchema>;

/** Why a member reports a comment, as he picks it from the report dialog. */
export const COMMENT_REPORT_REASONS = ['SPAM', 'ABUSE', 'SEXUAL', 'PRIVACY', 'OTHER'] as const;
export const commentReportReasonSchema = z.enum(COMMENT_REPORT_REASONS, { error: 'comments.reportReasonInvalid' });
export type CommentReportReason = z.infer<typeof commentReportReasonSchema>;
/** The longest explanation a reporter may add to his reason. */
export const COMMENT_REPORT_DETAIL_MAX = 200;

/**
 * POST /missions/{id}/comments/{commentId}/blocks: the reason and, for "other", what is wrong (required then). A
 * request without a body (or with an empty one) reports for "other" without a detail, as API clients did before reasons
 * existed; so does the body of that first form, `{ userId }` naming the reporter as the mission report's does (the
 * caller's own id only). Words need a reason.
 */
export const commentReportRequestSchema = z
  .strictObject({
    reason: commentReportReasonSchema.optional(),
    detail: z.string().trim().max(COMMENT_REPORT_DETAIL_MAX, { error: 'comments.reportDetailTooLong' }).optional(),
    /** The reporter, as the first form of this call named him: accepted when it is the caller, never needed. */
    userId: z.number().int().positive().optional(),
  })
  .superRefine((body, context) => {
    if (body.reason === undefined && body.detail !== undefined) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'comments.reportReasonInvalid' });
    }
    if (body.reason === 'OTHER' && !body.detail) {
      context.addIssue({ code: 'custom', path: ['detail'], message: 'comments.reportDetailRequired' });
    }
  });
export type CommentReportRequest = z.infer<typeof commentReportRequestSchema>;

/** What an operator's decision made of a report: the comment hidden (upheld) or left as it is (dismissed). */
export const COMMENT_REPORT_OUTCOMES = ['UPHELD', 'DISMISSED'] as const;

export const commentLikeResponseSchema = z
  .object({ id: z.number().int(), liked: z.boolean(), likedCount: z.number().int().nonnegative() })
  .meta({ id: 'MissionCommentLikeResponse' });
export type CommentLikeResponse = z.infer<typeof commentLikeResponseSchema>;

/** One of the best comments, with where it was written. */
export const bestCommentSchema = commentSchema
  .extend({
    mission: z.object({
      id: z.number().int(),
      thumbnail: z.object({ s3Url: z.string() }).nullable(),
      creator: missionCreatorSchema,
    }),
  })
  .meta({ id: 'BestMissionComment' });
export type BestComment = z.infer<typeof bestCommentSchema>;
export const bestCommentListSchema = z.array(bestCommentSchema);

/**
 * `GET /comment-events/current`: the comment coin event running now, as fans are told of it beside the comment box
 * (null when none runs, or while its budget waits for finance and it pays nothing).
 */
export const currentCommentEventSchema = z
  .object({
    event: z
      .object({
        title: z.string(),
        endsAt: z.iso.datetime(),
        /** Percent. */
        winProbability: z.number(),
        coinsPerWin: z.number().int(),
        /** sha256 of the server seed, published from the start (the seed itself is revealed after the end). */
        commitment: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'CurrentCommentEvent' });
export type CurrentCommentEvent = z.infer<typeof currentCommentEventSchema>;

// ---- Operators: comment coin events ----

/**
 * Bonus coins are spent like bought ones and a mission paid with them becomes a creator's payout, so operators alone
 * may run only small comment coin events: at most `coinsPerWin` a win, and a daily budget above
 * `dailyBudgetWithoutApproval` pays nothing until finance approves it (not the event's own author).
 */
export const COMMENT_EVENT_LIMITS = { coinsPerWin: 100, dailyBudgetWithoutApproval: 5_000 } as const;

export const COMMENT_EVENT_BUDGET_APPROVALS = ['NOT_NEEDED', 'PENDING', 'APPROVED'] as const;

export const ADMIN_COMMENT_EVENT_SORT_FIELDS = ['id', 'startsAt', 'endsAt'] as const;

export const adminCommentEventSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    startsAt: instant,
    endsAt: instant,
    /** Percent, 0–100. */
    winProbability: z.number(),
    coinsPerWin: z.number().int(),
    dailyBudget: z.number().int(),
    /** PENDING: the daily budget needs finance's approval, and no comment wins until then. */
    budgetApproval: z.enum(COMMENT_EVENT_BUDGET_APPROVALS),
    budgetApprovedBy: z.number().int().nullable(),
    budgetApprovedAt: instant.nullable(),
    /** sha256(serverSeed), hex: published before the event. */
    commitment: z.string(),
    /** Revealed once the event has ended (null before). */
    serverSeed: z.string().nullable(),
    /** Coins paid out so far, and wins. */
    paidCoins: z.number().int(),
    wins: z.number().int(),
    createdAt: instant,
  })
  .meta({ id: 'AdminCommentEvent' });
export type AdminCommentEvent = z.infer<typeof adminCommentEventSchema>;

export const adminCommentEventInputSchema = z
  .object({
    title: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100),
    startsAt: z.iso.datetime({ offset: true, error: 'validation.date' }),
    endsAt: z.iso.datetime({ offset: true, error: 'validation.date' }),
    winProbability: z.number({ error: 'validation.required' }).min(0).max(100),
    coinsPerWin: z.number({ error: 'validation.required' }).int().min(1).max(COMMENT_EVENT_LIMITS.coinsPerWin),
    dailyBudget: z.number({ error: 'validation.required' }).int().min(0).max(100_000_000),
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    error: 'comments.eventEndsBeforeStart',
    path: ['endsAt'],
  });
export type AdminCommentEventInput = z.infer<typeof adminCommentEventInputSchema>;

export const adminCommentEventFilterSchema = z.object({
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});

// ---- Operators: moderation ----

export const ADMIN_COMMENT_SORT_FIELDS = ['id', 'createdAt', 'reportsCount', 'likesCount'] as const;

export const COMMENT_MODERATION_STATES = ['HIDDEN', 'VISIBLE'] as const;

export const adminCommentSchema = z
  .object({
    id: z.number().int(),
    missionId: z.number().int(),
    parentCommentId: z.number().int().nullable(),
    content: z.string(),
    userId: z.number().int(),
    username: z.string(),
    /** The name the comment is signed with on the mission's page: the mission's creator's creator name, else `username`. */
    authorName: z.string(),
    createdAt: instant,
    editedAt: instant.nullable(),
    likesCount: z.number().int(),
    reportsCount: z.number().int(),
    /** Reports no operator has decided on yet. */
    openReportsCount: z.number().int(),
    /** When the oldest report no operator has decided on was made (null: none waits). */
    reportsOpenSince: instant.nullable(),
    /** Hidden for everyone (by an operator, or by reports with no operator decision yet). */
    hidden: z.boolean(),
    /** The operator's decision (null: none yet) and its reason. */
    moderation: z.enum(COMMENT_MODERATION_STATES).nullable(),
    moderationReason: z.string().nullable(),
  })
  .meta({ id: 'AdminMissionComment' });
export type AdminComment = z.infer<typeof adminCommentSchema>;

export const adminCommentFilterSchema = z.object({
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
  /** Only comments with at least one report. */
  reported: z.boolean().optional(),
  /** Only comments with reports no operator has decided on (the to-do block's queue). */
  awaitingDecision: z.boolean().optional(),
  hidden: z.boolean().optional(),
  missionId: z.number().int().optional(),
  userId: z.number().int().optional(),
  q: z.string().optional(),
});
export type AdminCommentFilter = z.infer<typeof adminCommentFilterSchema>;

/** PUT /api/admin/mission-comments/{id}: hide or show a comment, with the reason (react-admin sends the record). */
export const adminCommentModerationSchema = z.object({
  hidden: z.boolean({ error: 'validation.required' }),
  moderationReason: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(500),
});

/** One member's report of a comment, as the operator reads it before deciding. */
export const adminCommentReportSchema = z
  .object({
    id: z.number().int(),
    commentId: z.number().int(),
    reporterId: z.number().int(),
    reporterName: z.string(),
    reporterEmail: z.string().nullable(),
    reason: commentReportReasonSchema,
    detail: z.string().nullable(),
    createdAt: instant,
    /** The operator's decision on the comment since this report (null: none yet). */
    outcome: z.enum(COMMENT_REPORT_OUTCOMES).nullable(),
    decidedAt: instant.nullable(),
  })
  .meta({ id: 'AdminMissionCommentReport' });
export type AdminCommentReport = z.infer<typeof adminCommentReportSchema>;

/** The newest reports a comment's console page lists (the count of all is the comment's `reportsCount`). */
export const COMMENT_REPORTS_SHOWN = 100;

/** `GET /api/admin/mission-comments/{id}`: the comment with its newest reports. */
export const adminCommentDetailSchema = adminCommentSchema
  .extend({ reports: z.array(adminCommentReportSchema) })
  .meta({ id: 'AdminMissionCommentDetail' });
export type AdminCommentDetail = z.infer<typeof adminCommentDetailSchema>;

/** Restrictions in the order they were made (newest first by default). */
export const ADMIN_COMMENT_RESTRICTION_SORT_FIELDS = ['createdAt'] as const;

export const adminCommentRestrictionSchema = z
  .object({
    /** The member's id (one restriction per member). */
    id: z.number().int(),
    username: z.string(),
    until: instant,
    reason: z.string(),
    createdAt: instant,
  })
  .meta({ id: 'AdminCommentRestriction' });
export type AdminCommentRestriction = z.infer<typeof adminCommentRestrictionSchema>;

export const adminCommentRestrictionInputSchema = z.object({
  userId: z.number({ error: 'validation.required' }).int().positive(),
  until: z.iso.datetime({ offset: true, error: 'validation.date' }),
  reason: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(500),
});
