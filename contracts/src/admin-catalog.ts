import { z } from 'zod';
import { isoDateTime, limitedText } from './admin-fields';
import { coinItemFields } from './coins-api';
import { coinItemTypeSchema } from './coins';
import { WON_PER_COIN } from './limits';
import { eventStatusSchema, missionRejectionReasonSchema, missionStatusSchema, productTypeSchema } from './missions';

// The console's catalog resources, in the ra-data-simple-rest dialect of `/api/admin`: missions, mission products,
// coin items and tags (moderated by ROLE_OPERATOR, see `ADMIN_WRITE_POLICY` in ./admin-console.ts).

// ----- missions -----

const mediaSchema = z.object({ url: z.string(), contentType: z.string().nullable() }).nullable();

export const adminMissionSchema = z
  .object({
    id: z.number().int(),
    status: missionStatusSchema,
    type: productTypeSchema,
    productId: z.number().int(),
    productName: z.string(),
    creatorId: z.number().int(),
    creatorName: z.string(),
    userId: z.number().int(),
    username: z.string(),
    coinPrice: z.number().int(),
    private: z.boolean(),
    requestComment: z.string().nullable(),
    responseComment: z.string().nullable(),
    rejectionReason: missionRejectionReasonSchema.nullable(),
    createdAt: isoDateTime,
    requestedAt: isoDateTime.nullable(),
    performDueAt: isoDateTime.nullable(),
    completedAt: isoDateTime.nullable(),
    contentBlocked: z.boolean(),
    contentBlockedAt: isoDateTime.nullable(),
    contentBlockReason: z.string().nullable(),
    /** Coins the mission's escrow account holds now. */
    escrowCoins: z.number().int(),
    media: z.object({ video: mediaSchema, picture: mediaSchema, voice: mediaSchema, thumbnail: mediaSchema }),
    /** The file the fan attached to his request (a photo, a document), beside the request's text; null for none. */
    requestFile: z.object({ url: z.string(), contentType: z.string().nullable(), filename: z.string() }).nullable(),
    /** The trace of the request that made the mission, in the trace UI (null unless tracing and its UI are set). */
    traceUrl: z.string().nullable(),
  })
  .meta({ id: 'AdminMission' });
export type AdminMission = z.infer<typeof adminMissionSchema>;

export const adminMissionUpdateSchema = z
  .object({
    contentBlocked: z.boolean(),
    contentBlockReason: z.string().trim().max(200).nullable().optional(),
  })
  .refine((body) => !body.contentBlocked || (body.contentBlockReason ?? '').length > 0, {
    path: ['contentBlockReason'],
    error: 'validation.required',
  });
export type AdminMissionUpdate = z.infer<typeof adminMissionUpdateSchema>;

export const ADMIN_MISSION_SORT_FIELDS = ['id', 'createdAt', 'coinPrice', 'status'] as const;
export const adminMissionFilterSchema = z.object({
  status: z.union([missionStatusSchema, z.array(missionStatusSchema)]).optional(),
  creatorId: z.number().int().optional(),
  userId: z.number().int().optional(),
  contentBlocked: z.boolean().optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});
export type AdminMissionFilter = z.infer<typeof adminMissionFilterSchema>;

// ----- mission products -----

export const adminMissionProductSchema = z
  .object({
    id: z.number().int(),
    creatorId: z.number().int(),
    creatorName: z.string(),
    type: productTypeSchema,
    name: z.string(),
    coinPrice: z.number().int().nullable(),
    active: z.boolean(),
    /** An EVENT product's lottery status (null for other types). */
    eventStatus: eventStatusSchema.nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AdminMissionProduct' });
export type AdminMissionProduct = z.infer<typeof adminMissionProductSchema>;

export const adminMissionProductUpdateSchema = z.object({ active: z.boolean() });

export const ADMIN_MISSION_PRODUCT_SORT_FIELDS = ['id', 'createdAt', 'coinPrice'] as const;
export const adminMissionProductFilterSchema = z.object({
  creatorId: z.number().int().optional(),
  type: productTypeSchema.optional(),
  active: z.boolean().optional(),
  q: z.string().max(100).optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});
export type AdminMissionProductFilter = z.infer<typeof adminMissionProductFilterSchema>;

// ----- coin items -----

export const adminCoinItemSchema = z
  .object({
    ...coinItemFields,
    /** Won off the catalogue's rate (coins × WON_PER_COIN) of a CASH item. */
    discount: z.number().int(),
    active: z.boolean(),
    sortOrder: z.number().int(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AdminCoinItem' });
export type AdminCoinItem = z.infer<typeof adminCoinItemSchema>;

/**
 * A CASH item keeps the catalogue's rate: its price is its coins × WON_PER_COIN, less its discount in won, a field of
 * its own (so a cheaper item says so, and a second finance member approves it with every CASH item change).
 */
export const adminCoinItemInputSchema = z
  .object({
    itemType: coinItemTypeSchema,
    name: limitedText(50),
    point: z.number().int().min(1).max(1_000_000),
    price: z.number().int().min(0).max(100_000_000),
    discount: z.number().int().min(0).max(100_000_000).default(0),
    usdPrice: z.number().min(0).max(100_000).multipleOf(0.01),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((item) => item.itemType !== 'CASH' || item.price + item.discount === item.point * WON_PER_COIN, {
    path: ['price'],
    error: 'console.coinItemRate',
  });
export type AdminCoinItemInput = z.infer<typeof adminCoinItemInputSchema>;

export const ADMIN_COIN_ITEM_SORT_FIELDS = ['id', 'sortOrder', 'price', 'point'] as const;
export const adminCoinItemFilterSchema = z.object({
  itemType: coinItemTypeSchema.optional(),
  active: z.boolean().optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});

// ----- tags -----

export const adminTagSchema = z
  .object({
    id: z.number().int(),
    /** The Korean name; `nameEn` and `nameJa` are what readers of English and Japanese see (null: the Korean). */
    name: z.string(),
    nameEn: z.string().nullable(),
    nameJa: z.string().nullable(),
    creators: z.number().int(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AdminTag' });
export type AdminTag = z.infer<typeof adminTagSchema>;
/** A translation left empty (or left out) is none: its readers see the Korean name. */
const tagTranslation = z
  .string()
  .trim()
  .max(30)
  .nullish()
  .transform((value) => (value ? value : null));
export const adminTagInputSchema = z.object({ name: limitedText(30), nameEn: tagTranslation, nameJa: tagTranslation });
export type AdminTagInput = z.infer<typeof adminTagInputSchema>;
export const ADMIN_TAG_SORT_FIELDS = ['id', 'name'] as const;
export const adminTagFilterSchema = z.object({
  q: z.string().max(100).optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});
