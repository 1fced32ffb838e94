import { z } from 'zod';
import { ADULT_CLEAR_DECISIONS, adultFlagSetterSchema } from './adult-content';
import { creatorSchema } from './creator-api';
import { creatorReviewStatusSchema, REVIEW_REASON_MAX } from './creator-review';
import { creatorGradeSchema } from './creators';
import { missionProductSchema } from './mission-products-api';

// Operator console: `/api/admin/creators` (ra-data-simple-rest), the review queue and decisions.

export const ADMIN_CREATOR_SORT_FIELDS = ['id', 'createdAt', 'name', 'reviewStatus', 'reviewedAt'] as const;

/** What an operator did to a creator's adult flag: set it, clear it, accept or decline the creator's clearance. */
export const ADULT_FLAG_CHANGES = ['FLAGGED', 'CLEARED', 'CLEAR_ACCEPTED', 'CLEAR_DECLINED'] as const;
export const adultFlagChangeSchema = z.enum(ADULT_FLAG_CHANGES);
export type AdultFlagChange = z.infer<typeof adultFlagChangeSchema>;

/** An operator's last decision on a creator's adult flag: its reason (the creator is told it), who and when. */
export const adultFlagDecisionSchema = z
  .object({
    reason: z.string(),
    decidedBy: z.string().nullable().describe('The deciding staff member’s e-mail; null once his account is gone.'),
    decidedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AdultFlagDecision' });
export type AdultFlagDecision = z.infer<typeof adultFlagDecisionSchema>;

export const adminCreatorSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    url: z.string().nullable(),
    email: z.string().nullable(),
    username: z.string(),
    verified: z.boolean(),
    reviewStatus: creatorReviewStatusSchema,
    reviewReason: z.string().nullable(),
    /** In the review queue (see `CreatorReview.queued`). */
    queued: z.boolean(),
    grade: creatorGradeSchema,
    containAdultContent: z.boolean(),
    adultFlaggedBy: adultFlagSetterSchema
      .nullable()
      .describe('Who set the adult flag (null while it is off); a creator never clears it himself.'),
    adultClearRequestedAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe('When the creator asked to clear the adult flag; it stays on until an operator decides.'),
    adultFlagDecision: adultFlagDecisionSchema
      .nullable()
      .describe('An operator’s last decision on the adult flag (set, cleared, a clearance accepted or declined).'),
    createdAt: z.iso.datetime({ offset: true }),
    reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'AdminCreator' });
export type AdminCreator = z.infer<typeof adminCreatorSchema>;

/** One earlier refusal of the creator's application: why, by whom (the staff member's e-mail) and when. */
export const adminCreatorRefusalSchema = z
  .object({
    reason: z.string(),
    refusedBy: z.string().nullable().describe('The refusing staff member’s e-mail; null once his account is gone.'),
    refusedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AdminCreatorRefusal' });
export type AdminCreatorRefusal = z.infer<typeof adminCreatorRefusalSchema>;

/**
 * `GET /api/admin/creators/{id}`: the list row plus every profile field, intro, photo and products (his lottery events
 * among them), and every earlier refusal, newest first.
 */
export const adminCreatorDetailSchema = adminCreatorSchema
  .extend({
    profile: creatorSchema,
    products: z
      .array(missionProductSchema)
      .describe(
        'Every product he registered, active or not (what put him in the review queue): BASIC and LUCKY with ' +
          '`coinPrice` (LUCKY: a roll), CUSTOM with `minimumCost`, and his lottery events as EVENT products whose ' +
          '`event` has the title, the entry and end days and the status. Empty when he registered none.',
      ),
    refusals: z.array(adminCreatorRefusalSchema),
  })
  .meta({ id: 'AdminCreatorDetail' });
export type AdminCreatorDetail = z.infer<typeof adminCreatorDetailSchema>;

export const adminCreatorFilterSchema = z.object({
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
  reviewStatus: z.union([creatorReviewStatusSchema, z.array(creatorReviewStatusSchema)]).optional(),
  /** Only creators in the queue (PENDING and ready) or only those not in it. */
  queued: z.boolean().optional(),
  verified: z.boolean().optional(),
  /** Only creators whose request to clear their adult flag waits for an operator (or only those without one). */
  adultClearRequested: z.boolean().optional(),
  /** Name, URL, e-mail or nickname, anywhere, any case. */
  q: z.string().trim().max(100).optional(),
});
export type AdminCreatorFilter = z.infer<typeof adminCreatorFilterSchema>;

/**
 * `PUT /api/admin/creators/{id}`: react-admin sends the whole record; only these fields are read (others are
 * ignored). Approve with `{ reviewStatus: "APPROVED" }` or `{ verified: true }`; reject with
 * `{ reviewStatus: "REJECTED", reviewReason }` (or `{ verified: false, reviewReason }`), the reason required.
 * `grade` and `containAdultContent` may change with or without a decision. `adultClearRequest` decides a creator's
 * request to clear his adult flag: ACCEPT clears it, DECLINE keeps it as the operator's (409 when none waits).
 * Every change of the adult flag and every clearance decision takes `adultReason` (400 without it): the creator is
 * notified and mailed with it, and the audit log keeps it with the operator.
 */
export const adminCreatorUpdateSchema = z
  .object({
    reviewStatus: creatorReviewStatusSchema.optional(),
    reviewReason: z.string().trim().max(REVIEW_REASON_MAX, { error: 'review.reasonTooLong' }).nullable().optional(),
    verified: z.boolean().optional(),
    grade: creatorGradeSchema.optional(),
    containAdultContent: z.boolean().optional(),
    adultClearRequest: z.enum(ADULT_CLEAR_DECISIONS).optional(),
    adultReason: z
      .string()
      .trim()
      .max(REVIEW_REASON_MAX, { error: 'creators.adultReasonTooLong' })
      .nullable()
      .optional()
      .describe('Why the adult flag changes or the clearance is decided; required then, shown to the creator.'),
  })
  .meta({ id: 'AdminCreatorUpdate' });
export type AdminCreatorUpdate = z.infer<typeof adminCreatorUpdateSchema>;
