import { z } from 'zod';
import { EVENT_DATE_PATTERN } from './lottery-events';
import { productTypeSchema } from './missions';
import { KOREA_OFFSET_MS, koreaDate } from './time';

// How much work a creator takes: a pause of new requests (with an optional return day and message) and caps on his
// open requests, overall and per product, plus the typical response times fans see (docs/rules/creators.md).

/** The longest pause message a creator page shows. */
export const PAUSE_MESSAGE_MAX = 80;
/** The largest cap on open requests: past it a cap means nothing. */
export const OPEN_REQUESTS_CAP_MAX = 1000;
/** Response times show only once this many missions of the last `RESPONSE_TIME_DAYS` days measure them. */
export const RESPONSE_TIME_MIN_SAMPLE = 5;
export const RESPONSE_TIME_DAYS = 90;
/** A return day at most this many days ahead. */
export const PAUSE_RETURN_MAX_DAYS = 365;

/** A YYYY-MM-DD text that names a day of the calendar (not 02-31). */
const isRealDay = (value: string) => koreaDate(new Date(Date.parse(`${value}T00:00:00Z`) - KOREA_OFFSET_MS)) === value;

const returnDay = z
  .string()
  .regex(EVENT_DATE_PATTERN, { error: 'capacity.returnOnInvalid', abort: true })
  .refine(isRealDay, { error: 'capacity.returnOnInvalid' })
  .describe('The day (Korea time, YYYY-MM-DD) requests open again by themselves, at 00:00 KST.');

const cap = z
  .number({ error: 'capacity.capInvalid' })
  .int({ error: 'capacity.capInvalid' })
  .min(1, { error: 'capacity.capInvalid' })
  .max(OPEN_REQUESTS_CAP_MAX, { error: 'capacity.capInvalid' });

/** `PUT /creators/{id}/capacity`: the whole setting; a field left out is none (no return day, message or cap). */
export const creatorCapacityUpdateSchema = z.strictObject({
  paused: z.boolean(),
  returnOn: returnDay.nullable().default(null),
  pauseMessage: z
    .string()
    .trim()
    .max(PAUSE_MESSAGE_MAX, { error: 'capacity.pauseMessageTooLong' })
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value)),
  maxOpenRequests: cap
    .nullable()
    .default(null)
    .describe('The cap on the creator’s open requests over all products (null: none).'),
  productCaps: z
    .array(z.strictObject({ productId: z.number().int().positive(), maxOpenRequests: cap.nullable() }))
    .max(200)
    .default([])
    .describe('Caps of the listed products (null clears one); products left out keep theirs.'),
});
export type CreatorCapacityUpdate = z.infer<typeof creatorCapacityUpdateSchema>;

/** A product's cap and its open requests as its creator sees them. */
export const productCapacitySchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  type: productTypeSchema,
  active: z.boolean(),
  maxOpenRequests: z.number().int().nullable(),
  openRequests: z.number().int(),
});

/** `GET`/`PUT /creators/{id}/capacity`: the creator's own settings with today's counts. */
export const creatorCapacitySchema = z.object({
  /** The setting as saved; `pausedNow` says whether it holds today (a return day that came ends it). */
  paused: z.boolean(),
  pausedNow: z.boolean(),
  returnOn: z.string().nullable(),
  pauseMessage: z.string().nullable(),
  maxOpenRequests: z.number().int().nullable(),
  openRequests: z.number().int(),
  products: z.array(productCapacitySchema),
});
export type CreatorCapacity = z.infer<typeof creatorCapacitySchema>;

/** Median hours, or null while fewer than `RESPONSE_TIME_MIN_SAMPLE` missions measure it. */
export const responseTimesSchema = z.object({
  acceptHours: z.number().nullable().describe('Median time from a custom request to its acceptance.'),
  completeHours: z.number().nullable().describe('Median time from acceptance to the delivered mission.'),
});
export type ResponseTimes = z.infer<typeof responseTimesSchema>;

/** `GET /creators/{id}/availability`: what a fan sees before he requests. */
export const creatorAvailabilitySchema = z.object({
  paused: z.boolean(),
  returnOn: z.string().nullable(),
  pauseMessage: z.string().nullable(),
  maxOpenRequests: z.number().int().nullable(),
  /** Only under an overall cap (null without one). */
  openRequests: z.number().int().nullable(),
  /** Capped products only. */
  products: z.array(
    z.object({ productId: z.number().int(), maxOpenRequests: z.number().int(), openRequests: z.number().int() }),
  ),
  responseTimes: responseTimesSchema,
});
export type CreatorAvailability = z.infer<typeof creatorAvailabilitySchema>;

/** Why a product cannot be requested now, for its button; null when it can. */
export type RequestBlock =
  { reason: 'PAUSED'; returnOn: string | null; message: string | null } | { reason: 'FULL'; open: number; max: number };

export function requestBlock(availability: CreatorAvailability, productId: number): RequestBlock | null {
  if (availability.paused) {
    return { reason: 'PAUSED', returnOn: availability.returnOn, message: availability.pauseMessage };
  }
  const product = availability.products.find((entry) => entry.productId === productId);
  if (product && product.openRequests >= product.maxOpenRequests) {
    return { reason: 'FULL', open: product.openRequests, max: product.maxOpenRequests };
  }
  const { maxOpenRequests: max, openRequests: open } = availability;
  if (max !== null && open !== null && open >= max) return { reason: 'FULL', open, max };
  return null;
}
