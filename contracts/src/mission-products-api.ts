import { z } from 'zod';
import { PAGE_SIZES, TEXT_LIMITS, WIN_PROBABILITY } from './limits';
import { eventProductBody, lotteryEventSchema } from './lottery-events';
import { productTypeSchema, sortDirectionSchema } from './missions';
import { pageQuerySchema, pageSchema } from './page';
import { cardRatingSchema } from './card-rating';
import { fileEntrySchema, userSummarySchema } from './users';

/*
 * Mission products: what a creator sells. BASIC and LUCKY carry a price
 * (LUCKY: per roll), CUSTOM a minimum offer; EVENT products (lottery events) are created by their own API later.
 * Custom validation messages are keys of the server's message catalogue (the web app translates the same keys).
 */

export const PRODUCT_NAME_MAX_LENGTH = 200;
/** An upper bound on prices, far above any real one, so a typo cannot create a product nobody can buy. */
export const PRODUCT_PRICE_MAX_COINS = 1_000_000;

/** Sorts of `GET /mission-products/page`: the creator's own order (SORT), creation time, price. */
export const MISSION_PRODUCT_SORT_ORDERS = ['SORT', 'CREATED', 'COIN_PRICE'] as const;
export const missionProductSortOrderSchema = z.enum(MISSION_PRODUCT_SORT_ORDERS);
export type MissionProductSortOrder = z.infer<typeof missionProductSortOrderSchema>;

/**
 * The server message of a refused creation while the creator has an ongoing lottery event; the client matches this
 * literal text, so it is the same in every language.
 */
export const EXIST_ONGOING_EVENT_MESSAGE = 'exist ongoing event';

const id = z.number().int().positive();

const price = z
  .number({ error: 'validation.required' })
  .int({ error: 'missionProducts.priceInvalid' })
  .min(1, { error: 'missionProducts.priceInvalid' })
  .max(PRODUCT_PRICE_MAX_COINS, { error: 'missionProducts.priceInvalid' });

const name = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(PRODUCT_NAME_MAX_LENGTH, { error: 'missionProducts.nameTooLong' });

/** Required text of at most 200 characters (BASIC description, LUCKY perform item). */
const requiredText = (
  max: number,
  tooLong: 'missionProducts.descriptionTooLong' | 'missionProducts.performItemTooLong',
) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: tooLong });

/** Whether a percentage is a whole number of tenths (floating point: 0.3 is 0.30000000000000004 away from 3/10). */
export const isTenthStep = (value: number): boolean =>
  Math.abs(value / WIN_PROBABILITY.step - Math.round(value / WIN_PROBABILITY.step)) < 1e-9;

/** Percent, 0.1 to 10 in steps of 0.1; any other value gets the spec's one message. */
export const winProbabilitySchema = z
  .number({ error: 'validation.required' })
  .min(WIN_PROBABILITY.min, { error: 'missionProducts.winProbabilityRange' })
  .max(WIN_PROBABILITY.max, { error: 'missionProducts.winProbabilityRange' })
  .refine(isTenthStep, { error: 'missionProducts.winProbabilityRange' });

const cover = id.describe('The cover image: an uploaded file (`POST /files/s3`) of the creator, an image.');

/**
 * The fields of each product type. `creatorId` is required when creating and may be left out when updating (a
 * product never moves to another creator).
 */
function productBodies<Creator extends z.ZodType>(creatorId: Creator) {
  const basic = z.object({
    creatorId,
    type: z.literal('BASIC'),
    name,
    coinPrice: price,
    description: requiredText(TEXT_LIMITS.description, 'missionProducts.descriptionTooLong'),
    descriptionPictureId: cover,
    allowAttachments: z.boolean().default(false),
  });
  const lucky = z.object({
    creatorId,
    type: z.literal('LUCKY'),
    name,
    coinPrice: price.describe('The price of one roll.'),
    winProbability: winProbabilitySchema,
    description: requiredText(TEXT_LIMITS.performItem, 'missionProducts.performItemTooLong').describe(
      'The perform item: what the creator performs when the fan wins.',
    ),
    descriptionPictureId: cover,
    alwaysPrivate: z.boolean().default(false),
  });
  const custom = z.object({
    creatorId,
    type: z.literal('CUSTOM'),
    name: name.optional().describe('Defaults to the catalogue name of custom missions.'),
    minimumCost: price.describe('The smallest offer in coins a fan may make.'),
    description: z
      .string()
      .trim()
      .max(TEXT_LIMITS.description, { error: 'missionProducts.descriptionTooLong' })
      .optional(),
    descriptionPictureId: cover.optional(),
  });
  return z.discriminatedUnion('type', [basic, lucky, custom, eventProductBody(creatorId)]);
}

/** `POST /mission-products`: BASIC, LUCKY, CUSTOM and (lottery events) EVENT. */
export const createMissionProductRequestSchema = productBodies(id).meta({ id: 'CreateMissionProductRequest' });
export type CreateMissionProductRequest = z.infer<typeof createMissionProductRequestSchema>;

/** `PUT /mission-products/{id}`: the same fields as creation; the type cannot change. */
export const updateMissionProductRequestSchema = productBodies(id.optional()).meta({
  id: 'UpdateMissionProductRequest',
});
export type UpdateMissionProductRequest = z.infer<typeof updateMissionProductRequestSchema>;

/** The creator as mission products and missions show him. */
export const missionCreatorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string().nullable(),
    verified: z.boolean(),
    user: userSummarySchema,
  })
  .meta({ id: 'MissionCreator' });
export type MissionCreator = z.infer<typeof missionCreatorSchema>;

const productSummaryShape = {
  id: z.number().int(),
  name: z.string(),
  type: productTypeSchema,
  coinPrice: z.number().int().nullable(),
  minimumCost: z.number().int().nullable(),
  /** Percent (LUCKY only). */
  winProbability: z.number().nullable(),
  alwaysPrivate: z.boolean(),
  allowAttachments: z.boolean(),
  /** BASIC: the description; LUCKY: the perform item. */
  description: z.string().nullable(),
  descriptionPicture: fileEntrySchema.nullable(),
  creator: missionCreatorSchema,
};

/** A product as a mission shows it. */
export const missionProductSummarySchema = z.object(productSummaryShape).meta({ id: 'MissionProductSummary' });
export type MissionProductSummary = z.infer<typeof missionProductSummarySchema>;

export const missionProductSchema = z
  .object({
    ...productSummaryShape,
    created: z.iso.datetime({ offset: true }),
    active: z.boolean(),
    /** Position among the creator's products of the same type, ascending. */
    sortOrder: z.number().int(),
    /** Missions of the product in progress now: REQUESTED, ACCEPTED or TRANSCODING. */
    currentRequested: z.number().int().nonnegative(),
    /** Every real request the product ever had (all statuses but CREATED, an unplayed roulette). */
    accumulated: z.number().int().nonnegative(),
    /** EVENT products: the video shown with the description (null: none, and for the other types). */
    descriptionVideo: fileEntrySchema.nullable(),
    /** EVENT products: the applications so far (`event.applyNumber`); null for the other types. */
    missionCount: z.number().int().nonnegative().nullable(),
    /** EVENT products: whether the caller applied (`event.applied`); null for the other types. */
    eventApplied: z.boolean().nullable(),
    /** EVENT products: the lottery event; null for the other types. */
    event: lotteryEventSchema.nullable(),
    /** The average and count of the reviews of the product's missions; null without any. */
    rating: cardRatingSchema,
  })
  .meta({ id: 'MissionProduct' });
export type MissionProduct = z.infer<typeof missionProductSchema>;
export const missionProductListSchema = z.array(missionProductSchema);
export const missionProductPageSchema = pageSchema(missionProductSchema);

/** `true` or `false` in a query string; empty means not given. */
const queryBoolean = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
);
const queryId = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce.number().int().positive().optional(),
);
const queryProductType = z.preprocess((value) => (value === '' ? undefined : value), productTypeSchema.optional());

const productFilters = {
  creatorId: queryId,
  productType: queryProductType,
  active: queryBoolean,
};

/** `GET /mission-products`: every matching product, in the creators' own order. */
export const missionProductListQuerySchema = z.object({
  ...productFilters,
  /** Part of the name, case-insensitive. */
  name: z.string().trim().max(PRODUCT_NAME_MAX_LENGTH).optional(),
});
export type MissionProductListQuery = z.infer<typeof missionProductListQuerySchema>;

/** `GET /mission-products/page`: 12 per page by default, in the creator's own order unless told. */
export const missionProductPageQuerySchema = pageQuerySchema(PAGE_SIZES.default).extend({
  ...productFilters,
  order: missionProductSortOrderSchema.default('SORT'),
  direction: sortDirectionSchema.optional().describe('ASC for SORT, DESC for CREATED and COIN_PRICE by default.'),
  /** Lottery events: leave out cancelled events. Accepted now; it filters once lottery events exist. */
  emptyCanceledEventFilter: queryBoolean,
});
export type MissionProductPageQuery = z.infer<typeof missionProductPageQuerySchema>;

export const creatorProductParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  productId: z.coerce.number().int().positive(),
});

/**
 * `PUT /creators/{id}/mission-products/{productId}/sort/increase|decrease`: `increase` moves the product one place
 * later among the creator's products of its type (its sort number grows), `decrease` one place earlier; at either
 * end nothing moves. The answer is those products in their new order.
 */
export const SORT_MOVES = ['increase', 'decrease'] as const;
export type SortMove = (typeof SORT_MOVES)[number];
