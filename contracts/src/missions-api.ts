import { z } from 'zod';
import { PAGE_SIZES } from './limits';
import { missionProductSummarySchema } from './mission-products-api';
import {
  MEDIA_KINDS,
  MISSION_SORT_ORDERS,
  missionRejectionReasonSchema,
  missionStatusSchema,
  productTypeSchema,
  sortDirectionSchema,
  type MissionStatus,
} from './missions';
import { pageQuerySchema, pageSchema } from './page';
import { fileEntrySchema, userSummarySchema } from './users';

/*
 * Mission reads, likes, blocks and the media download.
 *
 * Who sees what:
 * - A private mission exists only for its requester, its creator and operators; anybody else gets 404.
 * - A CREATED mission (a roulette opened but not won) is never listed; its requester may still read it by id.
 * - The request attachment and the creator's feedback (accept message or refusal reason) are for the requester,
 *   the creator and operators; other viewers get null.
 */

const instant = z.iso.datetime({ offset: true });

/** A stored file as a mission shows it (request attachment, response media, thumbnail). */
export const missionFileSchema = fileEntrySchema.extend({ filename: z.string() }).meta({ id: 'MissionFile' });

export const missionSchema = z
  .object({
    id: z.number().int(),
    status: missionStatusSchema,
    /** The requester. */
    user: userSummarySchema,
    missionProduct: missionProductSummarySchema,
    /** Coins the mission holds: the product price (BASIC), the fan's offer (CUSTOM), the roll price (LUCKY). */
    coinPrice: z.number().int(),
    created: instant,
    /** When the mission became ACCEPTED (a BASIC request, a won roulette, a custom request the creator accepted). */
    accepted: instant.nullable(),
    completed: instant.nullable(),
    rejected: instant.nullable(),
    /** Why a REJECTED mission ended (PERFORM_EXPIRED: "rejected because 10 days passed"). */
    rejectionReason: missionRejectionReasonSchema.nullable(),
    /** Deadline of the creator's decision (CUSTOM, REQUESTED) and of the perform (ACCEPTED). */
    decisionDueAt: instant.nullable(),
    performDueAt: instant.nullable(),
    private: z.boolean(),
    toFriend: z.boolean(),
    /** The recipient's name; for LUCKY missions the requester's username. */
    to: z.string().nullable(),
    /** The sender's name, for a friend. */
    from: z.string().nullable(),
    requestComment: z.string().nullable(),
    requestFile: missionFileSchema.nullable(),
    feedback: z.string().nullable(),
    responseComment: z.string().nullable(),
    video: missionFileSchema.nullable(),
    picture: missionFileSchema.nullable(),
    voice: missionFileSchema.nullable(),
    thumbnail: z.object({ s3Url: z.string() }).nullable(),
    /** Seconds of the video or voice answer. */
    mediaDuration: z.number().nullable(),
    /** Whether the caller likes it (false without a login). */
    liked: z.boolean(),
    likesCount: z.number().int().nonnegative(),
    commentsCount: z.number().int().nonnegative(),
    /** Whether the caller hid it from his lists (`POST /missions/{id}/blocks`). */
    blocked: z.boolean(),
    /**
     * The operators hid its content from everybody else (when, and why): shown to its requester, its creator and
     * operators; null for them when it is not hidden, and for every other viewer.
     */
    contentHidden: z.object({ at: instant, reason: z.string() }).nullable(),
    /** The lottery event of an EVENT mission; lottery events arrive in a later issue. */
    event: z.null(),
  })
  .meta({ id: 'Mission' });
export type MissionView = z.infer<typeof missionSchema>;
export const missionPageSchema = pageSchema(missionSchema);
export const missionListSchema = z.array(missionSchema);

export const missionSortOrderSchema = z.enum(MISSION_SORT_ORDERS);
export type MissionSortOrder = z.infer<typeof missionSortOrderSchema>;

/** `status=COMPLETED,ACCEPTED` (comma-joined; the parameter may also repeat). */
export const missionStatusListSchema = z.preprocess((value) => {
  if (value === undefined || value === '') return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => String(part).split(','));
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}, z.array(missionStatusSchema).min(1).optional());

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const queryId = z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional());

/**
 * The list order when none is given: COMPLETED/DESC for a list of completed missions only, CREATED/DESC otherwise
 *. COIN_PRICE sorts by the coins the mission holds.
 */
export function defaultMissionOrder(statuses: readonly MissionStatus[] | undefined): MissionSortOrder {
  return statuses !== undefined && statuses.length > 0 && statuses.every((status) => status === 'COMPLETED')
    ? 'COMPLETED'
    : 'CREATED';
}

function missionQuery(defaultSize: number) {
  return pageQuerySchema(defaultSize)
    .extend({
      status: missionStatusListSchema,
      productType: z.preprocess(blankToUndefined, productTypeSchema.optional()),
      productId: queryId,
      order: z.preprocess(blankToUndefined, missionSortOrderSchema.optional()),
      direction: z.preprocess(blankToUndefined, sortDirectionSchema.default('DESC')),
      /**
       * With `createdMonth`, one month (or without it one year) in Korea time. A list of COMPLETED missions only is
       * filtered by completion date (what income counts), any other list by request date.
       */
      createdYear: z.preprocess(blankToUndefined, z.coerce.number().int().min(2000).max(2999).optional()),
      createdMonth: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(12).optional()),
    })
    .refine((query) => query.createdMonth === undefined || query.createdYear !== undefined, {
      path: ['createdYear'],
      error: 'coinHistory.monthNeedsYear',
    });
}

/** `GET /missions/page` and `GET /missions`: 12 per page by default. */
export const missionPageQuerySchema = missionQuery(PAGE_SIZES.missions).safeExtend({ creatorId: queryId });
export type MissionPageQuery = z.infer<typeof missionPageQuerySchema>;

/** `GET /users/me/missions/page`: the caller's own requests, 6 per page (fan my page) by default. */
export const myMissionPageQuerySchema = missionQuery(PAGE_SIZES.myPage).safeExtend({ creatorId: queryId });
export type MyMissionPageQuery = z.infer<typeof myMissionPageQuerySchema>;

/** `GET /users/me/missions/liked`: what the caller liked, last liked first; every status a fan sees by default. */
export const likedMissionPageQuerySchema = pageQuerySchema(PAGE_SIZES.myPage).extend({
  status: missionStatusListSchema,
});
export type LikedMissionPageQuery = z.infer<typeof likedMissionPageQuerySchema>;

/** `GET /creators/me/missions/count`. */
/** The management menu's badges count up to this many missions each; the badge shows 999+ past it. */
export const MISSION_COUNT_CAP = 1_000;

export const missionCountsSchema = z
  .object({
    /** BASIC missions waiting to be performed (ACCEPTED). */
    basic: z.number().int().nonnegative(),
    /** Won LUCKY missions waiting to be performed (ACCEPTED). */
    lucky: z.number().int().nonnegative(),
    /** CUSTOM requests waiting for a decision (REQUESTED). */
    customRequested: z.number().int().nonnegative(),
    /** Accepted CUSTOM missions waiting to be performed (ACCEPTED). */
    customAccepted: z.number().int().nonnegative(),
    /** BASIC, LUCKY and CUSTOM missions COMPLETED. */
    completed: z.number().int().nonnegative(),
    /** BASIC, LUCKY and CUSTOM missions REJECTED (refused, expired or cancelled). */
    rejected: z.number().int().nonnegative(),
  })
  .meta({
    id: 'MissionCounts',
    description: `Each count is exact up to ${MISSION_COUNT_CAP}; a count of ${MISSION_COUNT_CAP} means that many or more.`,
  });
export type MissionCounts = z.infer<typeof missionCountsSchema>;

/** `POST` and `DELETE /missions/{id}/likes`. */
export const missionLikeResponseSchema = z
  .object({ id: z.number().int(), liked: z.boolean(), likesCount: z.number().int().nonnegative() })
  .meta({ id: 'MissionLike' });
export type MissionLikeResponse = z.infer<typeof missionLikeResponseSchema>;

/**
 * `POST /missions/{id}/blocks { userId }`: the member hides the mission from his own lists (browse, creator page,
 * liked); everybody else still sees it. `userId` is the caller (as in the follow call). Undone by `DELETE`.
 */
export const missionBlockRequestSchema = z.object({ userId: z.number().int().positive() });
/** Like the POST's body: the block is the caller's own, named by his `userId`. */
export const missionBlockQuerySchema = z.object({
  userId: z.preprocess(blankToUndefined, z.coerce.number({ error: 'validation.required' }).int().positive()),
});

export const missionMediaKindSchema = z.enum(MEDIA_KINDS);
/** `GET /missions/{id}/media?kind=`: the answer of a completed mission as a download; `kind` defaults to the one it has. */
export const missionMediaQuerySchema = z.object({
  kind: z.preprocess(blankToUndefined, missionMediaKindSchema.optional()),
});

/** Download file name extensions by answer kind (the response comment plus .mp4 or .jpg). */
export const MISSION_DOWNLOAD_EXTENSIONS = { video: 'mp4', picture: 'jpg' } as const;

/**
 * `GET /creators/me/missions/totals`: how many of the caller's missions match a management list's filters and the
 * coins they hold, over every page (the completed list's year/month totals). Same filters as `GET /missions/page`.
 */
export const creatorMissionTotalsQuerySchema = z
  .object({
    status: missionStatusListSchema,
    productType: z.preprocess(blankToUndefined, productTypeSchema.optional()),
    createdYear: z.preprocess(blankToUndefined, z.coerce.number().int().min(2000).max(2999).optional()),
    createdMonth: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(12).optional()),
  })
  .refine((query) => query.createdMonth === undefined || query.createdYear !== undefined, {
    path: ['createdYear'],
    error: 'coinHistory.monthNeedsYear',
  });
export type CreatorMissionTotalsQuery = z.infer<typeof creatorMissionTotalsQuerySchema>;

export const creatorMissionTotalsSchema = z
  .object({
    /** Missions matching the filters. */
    count: z.number().int().nonnegative(),
    /** The coins those missions hold (their `coinPrice`), summed. */
    coins: z.number().int(),
  })
  .meta({ id: 'CreatorMissionTotals' });
export type CreatorMissionTotals = z.infer<typeof creatorMissionTotalsSchema>;
