import { z } from 'zod';
import { BANK_NAMES } from './banks';
import { creatorReviewSchema } from './creator-review';
import { businessVerificationSchema, payoutAccountVerificationSchema } from './payout-accounts';
import { cardRatingSchema } from './card-rating';
import {
  BANK_ACCOUNT_NUMBER_PATTERN,
  isValidBusinessRegistrationNumber,
  businessTypeSchema,
  CASH_RECEIPT_NUMBER_PATTERN,
  CREATOR_MAX_TAGS,
  CREATOR_NAME_MAX,
  CREATOR_URL_PATTERN,
  creatorGradeSchema,
  creatorSearchSortSchema,
  MINIMUM_COST_MAX,
  RESERVED_CREATOR_URLS,
  SNS_TYPES,
  snsTypeSchema,
} from './creators';
import { LOGIN_PASSWORD_MAX_LENGTH, PAGE_SIZES, TEXT_LIMITS } from './limits';
import { pageQuerySchema } from './page';
import { fileEntrySchema, userSummarySchema } from './users';

/** Custom messages are keys of the server's message catalogue, translated into the caller's language. */

export const tagSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'Tag' });
export type Tag = z.infer<typeof tagSchema>;

export const snsLinkSchema = z
  .object({
    type: snsTypeSchema,
    link: z
      .url({ protocol: /^https?$/, error: 'creators.snsLinkInvalid' })
      .max(500, { error: 'creators.snsLinkInvalid' }),
  })
  .meta({ id: 'SnsLink' });
export type SnsLink = z.infer<typeof snsLinkSchema>;

/** The public creator. Business fields are shown to the owner and operators only, null to others. */
export const creatorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string().nullable(),
    description: z.string().nullable(),
    verified: z.boolean(),
    grade: creatorGradeSchema,
    intro: fileEntrySchema
      .nullable()
      .describe('The intro video or audio; the page shows the profile image without it.'),
    snsLinks: z.array(snsLinkSchema),
    tags: z.array(tagSchema),
    containAdultContent: z.boolean(),
    businessType: businessTypeSchema.nullable(),
    businessName: z.string().nullable(),
    businessRegistrationNumber: z.string().nullable(),
    businessCashReceiptNumber: z.string().nullable(),
    donating: z.boolean(),
    avatar: fileEntrySchema.nullable().describe('The profile image of the creator’s account (same as user.image).'),
    user: userSummarySchema,
    customMission: z.object({ active: z.boolean(), minimumCost: z.number().int().nullable() }),
    created: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Creator' });
export type Creator = z.infer<typeof creatorSchema>;

/** `GET /creators/{id}` and `GET /creators/by-url/{url}`. */
export const creatorPageSchema = z
  .object({
    creator: creatorSchema,
    followerCount: z.number().int().nonnegative(),
    likeCount: z.number().int().nonnegative(),
    following: z.boolean().describe('Whether the caller follows this creator (false for visitors).'),
    eventProduct: z
      .looseObject({ id: z.number().int() })
      .nullable()
      .describe(
        'The creator’s current lottery event product (a MissionProduct with its `event`): the ongoing one, else the ' +
          'newest not cancelled; null when none.',
      ),
  })
  .meta({ id: 'CreatorPage' });
export type CreatorPage = z.infer<typeof creatorPageSchema>;

/** What `/newbie-creator-mypage` shows, computed by the server. */
export const newbieFlagsSchema = z
  .object({
    basicInfoDone: z.boolean().describe('The account has a profile image and the creator at least one tag.'),
    eventDone: z.boolean().describe('A lottery event (product type EVENT) exists.'),
    missionDone: z.boolean().describe('At least one active BASIC or LUCKY product exists.'),
  })
  .meta({ id: 'NewbieFlags' });
export type NewbieFlags = z.infer<typeof newbieFlagsSchema>;

/** `GET /creators/me`: the caller's own creator with every field, the bank account and the newbie flags. */
export const myCreatorSchema = creatorSchema
  .extend({
    email: z.string().nullable(),
    bankName: z.string().nullable(),
    bankAccountHolder: z.string().nullable(),
    bankAccountNumber: z.string().nullable(),
    /** The payout account is abroad (5 % extra fee, 10 % tax withheld). */
    payoutOverseas: z.boolean(),
    /** The creator is a foreigner paid abroad (minimum payout 1,000 coins instead of 500). */
    payoutForeigner: z.boolean(),
    /** The current payout account's holder check (docs/rules/settlement.md); null without an account. */
    payoutAccountVerification: payoutAccountVerificationSchema.nullable(),
    businessVerification: businessVerificationSchema,
    newbie: newbieFlagsSchema,
    review: creatorReviewSchema,
    /** A lottery event of his is under way (not closed or cancelled): no new mission product until it ends. */
    ongoingEvent: z.boolean(),
    adultContentClearPending: z
      .boolean()
      .describe('He asked to clear his adult flag: it stays on (his content gated) until an operator accepts.'),
  })
  .meta({ id: 'MyCreator' });
export type MyCreator = z.infer<typeof myCreatorSchema>;

const trimmed = (max: number) => z.string().trim().max(max, { error: 'creators.tooLong' });
const optionalTrimmed = (max: number) =>
  trimmed(max)
    .nullable()
    .transform((value) => (value === '' ? null : value));

export const creatorUrlSchema = z
  .string()
  .trim()
  .regex(CREATOR_URL_PATTERN, { error: 'creators.urlInvalid' })
  .refine((url) => !/^\d+$/.test(url), { error: 'creators.urlInvalid' })
  .refine((url) => !(RESERVED_CREATOR_URLS as readonly string[]).includes(url.toLowerCase()), {
    error: 'creators.urlReserved',
  });

/**
 * `PUT /creators/{id}`: one or more of three groups, each checked as a whole when any of its fields is present.
 * Profile: tags, name, snsLinks, description, containAdultContent, url, businessType and the business fields
 * (saving it requires every item listed in docs/rules/creators.md). Custom missions: availableCustom, minimumCost. Bank account:
 * bankName, bankAccountHolder, bankAccountNumber (all three), payoutOverseas and payoutForeigner (optional), with the
 * account's current password in `currentPassword` (docs/rules/security.md, payout account).
 */
export const updateCreatorRequestSchema = z
  .strictObject({
    tags: z.array(z.number().int().positive()).max(CREATOR_MAX_TAGS, { error: 'creators.tooManyTags' }).optional(),
    name: trimmed(CREATOR_NAME_MAX).optional(),
    snsLinks: z
      .array(snsLinkSchema)
      .max(SNS_TYPES.length)
      .refine((links) => new Set(links.map((link) => link.type)).size === links.length, {
        error: 'creators.snsLinkDuplicate',
      })
      .optional(),
    description: optionalTrimmed(TEXT_LIMITS.description).optional(),
    containAdultContent: z.boolean().optional(),
    url: z.union([creatorUrlSchema, z.literal('')]).optional(),
    businessType: businessTypeSchema.nullable().optional(),
    businessName: optionalTrimmed(100).optional(),
    businessRegistrationNumber: optionalTrimmed(12)
      .refine((value) => value === null || isValidBusinessRegistrationNumber(value), {
        error: 'creators.businessRegistrationNumberInvalid',
      })
      .optional(),
    businessCashReceiptNumber: optionalTrimmed(20)
      .refine((value) => value === null || CASH_RECEIPT_NUMBER_PATTERN.test(value), {
        error: 'creators.cashReceiptNumberInvalid',
      })
      .optional(),
    donating: z.boolean().optional(),
    availableCustom: z.boolean().optional(),
    minimumCost: z.number().int().min(1, { error: 'creators.minimumCostInvalid' }).max(MINIMUM_COST_MAX).optional(),
    bankName: z.enum(BANK_NAMES, { error: 'creators.bankNameInvalid' }).optional(),
    bankAccountHolder: trimmed(100).optional(),
    bankAccountNumber: z.string().trim().regex(BANK_ACCOUNT_NUMBER_PATTERN, { error: 'validation.numeric' }).optional(),
    payoutOverseas: z.boolean().optional(),
    payoutForeigner: z.boolean().optional(),
    /** The account's password, required with the bank account group (an account without one signs in again). */
    currentPassword: z
      .string()
      .min(1, { error: 'validation.required' })
      .max(LOGIN_PASSWORD_MAX_LENGTH, { error: 'validation.passwordTooLong' })
      .optional(),
  })
  .meta({ id: 'UpdateCreatorRequest' });
export type UpdateCreatorRequest = z.input<typeof updateCreatorRequestSchema>;
export type UpdateCreatorBody = z.output<typeof updateCreatorRequestSchema>;

export const PROFILE_FIELDS = [
  'tags',
  'name',
  'snsLinks',
  'description',
  'containAdultContent',
  'url',
  'businessType',
  'businessName',
  'businessRegistrationNumber',
  'businessCashReceiptNumber',
  'donating',
] as const;
export const CUSTOM_MISSION_FIELDS = ['availableCustom', 'minimumCost'] as const;
export const BANK_FIELDS = ['bankName', 'bankAccountHolder', 'bankAccountNumber'] as const;
/** Where the payout goes (the settlement rules); saved with the bank account. */
export const PAYOUT_LOCATION_FIELDS = ['payoutOverseas', 'payoutForeigner'] as const;

export const creatorIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const creatorUrlParamsSchema = z.object({ url: z.string().min(1).max(50) });

// --- Discovery: tags, search, follows ---

/** `GET /tags/creator`: every tag with the number of searchable creators carrying it. */
export const tagCountSchema = z
  .object({ tag: tagSchema, tagCount: z.number().int().nonnegative() })
  .meta({ id: 'TagCount' });

export const creatorListItemSchema = z
  .object({
    creator: z.object({ id: z.number().int(), url: z.string().nullable(), name: z.string(), user: userSummarySchema }),
    following: z.boolean().describe('Whether the caller follows the creator; false for visitors.'),
    /** The average and count of the creator's reviews (as his page counts them); null without any. */
    rating: cardRatingSchema,
  })
  .meta({ id: 'CreatorListItem' });
export type CreatorListItem = z.infer<typeof creatorListItemSchema>;

/** `POST /creators/{id}/follower` and `DELETE /creators/{id}/follower?userId=`. */
export const followRequestSchema = z.strictObject({ userId: z.number().int().positive() });
export const followQuerySchema = z.object({ userId: z.coerce.number().int().positive() });
export const followStateSchema = z
  .object({ creatorId: z.number().int(), following: z.boolean(), followerCount: z.number().int().nonnegative() })
  .meta({ id: 'FollowState' });

/** A followed creator, as the fan's follow list shows it. */
export const followItemSchema = z
  .object({
    creator: z.object({ id: z.number().int(), url: z.string().nullable(), name: z.string(), user: userSummarySchema }),
    followed: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'FollowItem' });

/**
 * `GET /creators/page`: `name` matches anywhere in the name, ignoring case; `tags` is one tag id or several
 * comma-joined (a creator with any of them matches); `type` is the sort.
 */
export const creatorSearchQuerySchema = pageQuerySchema(PAGE_SIZES.creators).extend({
  name: z.string().trim().max(50).optional(),
  tags: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')))
    .transform((parts) => parts.map((part) => part.trim()).filter((part) => part !== ''))
    .pipe(z.array(z.coerce.number<string>().int().positive()).max(20))
    .optional(),
  type: creatorSearchSortSchema.default('newest'),
});
export type FollowState = z.infer<typeof followStateSchema>;
export type FollowItem = z.infer<typeof followItemSchema>;

/**
 * The paths chosen where the spec says "path not shown": the caller's own creator, and a creator page by custom
 * URL. A page parameter of digits only is an id (custom URLs may not be digits only), anything else a custom URL.
 */
export const MY_CREATOR_PATH = '/creators/me';
export function creatorPagePath(idOrUrl: string): string {
  return /^\d+$/.test(idOrUrl) ? `/creators/${idOrUrl}` : `/creators/by-url/${encodeURIComponent(idOrUrl)}`;
}
