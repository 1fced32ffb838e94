import { z } from 'zod';
import { DEADLINES, PAGE_SIZES, TEXT_LIMITS } from './limits';
import { answerMediaFields, exactlyOneAnswerMedia } from './mission-requests';
import { eventStatusSchema, missionStatusSchema } from './missions';
import { pageQuerySchema, pageSchema } from './page';
import { DAY_MS, KOREA_OFFSET_MS, koreaDate } from './time';
import { fileEntrySchema } from './users';

/*
 * Lottery (draw) events: an EVENT mission product, its schedule and draw, the fans'
 * applications (missions of the EVENT product) and the provably fair draw record (docs/provably-fair.md).
 * Custom validation messages are keys of the server's message catalogue.
 */

/** A calendar day in Korea time, YYYY-MM-DD. */
export const EVENT_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const EVENT_TIME_ZONE = 'Asia/Seoul';
export const EVENT_TITLE_MAX_LENGTH = 200;
export const EVENT_APPLICANT_NAME_MAX_LENGTH = 50;
export const EVENT_PHONE_PATTERN = /^\d{6,20}$/;
export const EVENT_ADDRESS_MAX_LENGTH = 200;
export const EVENT_DRAW_NUMBER_MAX = 1000;
export const FAIRNESS_ALGORITHM_NAME = 'HMAC-SHA256/v1';

/** The instant a Korean calendar day starts (00:00 KST). */
export function kstDayStart(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) - KOREA_OFFSET_MS);
}

/** The instant a Korean calendar day ends (00:00 KST of the next day). */
export const kstDayEnd = (date: string): Date => new Date(kstDayStart(date).getTime() + DAY_MS);

/** The Korean calendar day of an instant, YYYY-MM-DD. */
export const kstDate = koreaDate;

/** The schedule of an event from its three dates (draw within 14 days, prizes within 1 week). */
export function eventSchedule(dates: { applyStart: string; applyEnd: string; eventEnd: string }) {
  const applyEndAt = kstDayEnd(dates.applyEnd);
  return {
    applyStartAt: kstDayStart(dates.applyStart),
    applyEndAt,
    drawDeadlineAt: new Date(applyEndAt.getTime() + DEADLINES.drawAfterApplyEndDays * DAY_MS),
    eventEndAt: kstDayEnd(dates.eventEnd),
  };
}

const isRealDate = (value: string) => kstDate(kstDayStart(value)) === value;

const eventDate = z
  .string({ error: 'validation.required' })
  // A text that is not YYYY-MM-DD stops here: the calendar check below reads only well-formed dates.
  .regex(EVENT_DATE_PATTERN, { error: 'events.dateInvalid', abort: true })
  .refine(isRealDate, { error: 'events.dateInvalid' })
  .describe('A day in Korea time, YYYY-MM-DD.');

const id = z.number({ error: 'validation.required' }).int().positive();

/** The fields of `POST /mission-products` and `PUT /mission-products/{id}` with `type: "EVENT"`. */
export function eventProductBody<Creator extends z.ZodType>(creatorId: Creator) {
  return z.object({
    creatorId,
    type: z.literal('EVENT'),
    name: z
      .string()
      .trim()
      .min(1, { error: 'events.allRequired' })
      .max(EVENT_TITLE_MAX_LENGTH)
      .optional()
      .describe('The product name; the title when left out.'),
    title: z
      .string({ error: 'events.allRequired' })
      .trim()
      .min(1, { error: 'events.allRequired' })
      .max(EVENT_TITLE_MAX_LENGTH, { error: 'events.titleTooLong' }),
    description: z
      .string({ error: 'events.allRequired' })
      .trim()
      .min(1, { error: 'events.allRequired' })
      .max(TEXT_LIMITS.description, { error: 'events.descriptionTooLong' }),
    drawNumber: z
      .number({ error: 'events.allRequired' })
      .int({ error: 'events.drawNumberPositive' })
      .min(1, { error: 'events.drawNumberPositive' })
      .max(EVENT_DRAW_NUMBER_MAX, { error: 'events.drawNumberTooLarge' }),
    applyStart: eventDate,
    applyEnd: eventDate,
    eventEnd: eventDate,
    descriptionPictureId: id.describe('The cover image, uploaded first with `POST /files/s3`.'),
    descriptionVideoId: id
      .nullable()
      .optional()
      .describe(
        'A video shown with the description (optional): the file of a resumable upload for `description-video` ' +
          'by the creator; left out or null, the event has none (an edit removes the one it had).',
      ),
  });
}

/** Application to a lottery event: `POST /missions` with an EVENT `missionProductId`. */
export const eventApplicationSchema = z
  .strictObject({
    missionProductId: id,
    requestComment: z
      .string()
      .trim()
      .max(TEXT_LIMITS.eventApplyStory, { error: 'events.storyTooLong' })
      .default('')
      .describe('The fan’s story, at most 200 characters.'),
    requestFileId: z.number().int().positive().optional().describe('An uploaded image of at most 5 MB.'),
    phone: z
      .string({ error: 'events.phoneRequired' })
      .trim()
      .regex(EVENT_PHONE_PATTERN, { error: 'events.phoneDigits' }),
    name: z
      .string({ error: 'events.nameRequired' })
      .trim()
      .min(1, { error: 'events.nameRequired' })
      .max(EVENT_APPLICANT_NAME_MAX_LENGTH, { error: 'events.nameTooLong' })
      .describe('The real name.'),
    address: z.string().trim().max(EVENT_ADDRESS_MAX_LENGTH).optional(),
    addressDetail: z.string().trim().max(EVENT_ADDRESS_MAX_LENGTH).optional(),
  })
  .meta({ id: 'EventApplication' });
export type EventApplication = z.infer<typeof eventApplicationSchema>;

/** The lottery event object, on the product, on `GET /creators/{id}` and in event lists. */
export const lotteryEventSchema = z
  .object({
    name: z.string(),
    title: z.string(),
    description: z.string(),
    applyStart: z.string(),
    applyEnd: z.string(),
    eventEnd: z.string(),
    drawNumber: z.number().int(),
    applyNumber: z.number().int().nonnegative(),
    pickedNumber: z.number().int().nonnegative(),
    status: eventStatusSchema,
    /** The draw can be finished: picked = min(drawNumber, applicants). */
    drawable: z.boolean(),
    /** The caller has applied. */
    applied: z.boolean(),
    /** sha256 of the secret server seed, published at creation. */
    commitment: z.string(),
    /** When applications open and close, when the draw is due, when prizes are due (null before the draw). */
    applyStartAt: z.iso.datetime({ offset: true }),
    applyEndAt: z.iso.datetime({ offset: true }),
    drawDeadlineAt: z.iso.datetime({ offset: true }),
    drawnAt: z.iso.datetime({ offset: true }).nullable(),
    prizeDueAt: z.iso.datetime({ offset: true }).nullable(),
    /** The draw was finished by the 14-day rule, not by the creator. */
    drawnAutomatically: z.boolean(),
  })
  .meta({ id: 'LotteryEvent' });
export type LotteryEvent = z.infer<typeof lotteryEventSchema>;

/** Params of the draw calls on one applicant. */
export const eventApplicantParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  missionId: z.coerce.number().int().positive(),
});

const statusList = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(z.array(missionStatusSchema))
    .optional(),
);

/** `GET /mission-products/{id}/missions/page`: 5 a page; `status` comma-joined (DRAWN: ACCEPTED,COMPLETED,TRANSCODING). */
export const eventApplicantPageQuerySchema = pageQuerySchema(PAGE_SIZES.eventApplicants).extend({
  status: statusList,
});
export type EventApplicantPageQuery = z.infer<typeof eventApplicantPageQuerySchema>;

/** An application as the applicants list shows it; `event` personal fields only for the creator and operators. */
export const eventApplicantSchema = z
  .object({
    id: z.number().int(),
    status: missionStatusSchema,
    requestComment: z.string().nullable(),
    requestFile: fileEntrySchema.nullable(),
    created: z.iso.datetime({ offset: true }),
    completed: z.iso.datetime({ offset: true }).nullable(),
    missionProduct: z.object({ id: z.number().int() }),
    user: z.object({ id: z.number().int(), username: z.string() }),
    event: z.object({
      name: z.string().nullable(),
      phone: z.string().nullable(),
      address: z.string().nullable(),
      addressDetail: z.string().nullable(),
      /** The creator has opened this application. */
      read: z.boolean(),
      /** Picked in the current draw (DRAWING), a winner afterwards. */
      temporaryAccepted: z.boolean(),
    }),
    /** The winner's prize: the creator's message and media once performed. */
    responseComment: z.string().nullable(),
    video: fileEntrySchema.nullable(),
    picture: fileEntrySchema.nullable(),
    voice: fileEntrySchema.nullable(),
    thumbnail: fileEntrySchema.nullable(),
    performDueAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'EventApplicant' });
export type EventApplicant = z.infer<typeof eventApplicantSchema>;
export const eventApplicantPageSchema = pageSchema(eventApplicantSchema);

/** `PUT|DELETE …/pick`, `PUT …/random-pick`: the draw's counts after the change. */
export const eventDrawStateSchema = z
  .object({
    id: z.number().int(),
    pickedNumber: z.number().int(),
    drawNumber: z.number().int(),
    applyNumber: z.number().int(),
    drawable: z.boolean(),
    picked: z.array(z.number().int()),
  })
  .meta({ id: 'EventDrawState' });
export type EventDrawState = z.infer<typeof eventDrawStateSchema>;

/** `PUT /mission-products/{id}/missions/{missionId}/perform`: a message and exactly one of the media. */
export const eventPerformRequestSchema = z
  .strictObject({
    responseComment: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(TEXT_LIMITS.responseComment, { error: 'events.messageTooLong' }),
    ...answerMediaFields,
  })
  .refine(...exactlyOneAnswerMedia);
export type EventPerformRequest = z.infer<typeof eventPerformRequestSchema>;

export const fairnessDrawSchema = z.object({
  /** The choice number of a random pick; null for the creator's manual picks and unpicks. */
  n: z.number().int().nullable(),
  missionId: z.number().int(),
  manual: z.boolean(),
  action: z.enum(['PICK', 'UNPICK']),
});

/** `GET /mission-products/{id}/fairness`: everything needed to recompute the draw (docs/provably-fair.md). */
export const eventFairnessSchema = z
  .object({
    productId: z.number().int(),
    algorithm: z.literal(FAIRNESS_ALGORITHM_NAME),
    status: eventStatusSchema,
    commitment: z.string(),
    /** Published when applications close. */
    entriesHash: z.string().nullable(),
    /** Revealed once the event is DRAWN (or later). */
    serverSeed: z.string().nullable(),
    /** The frozen entry list (mission ids ascending), revealed with the seed. */
    entries: z.array(z.number().int()).nullable(),
    /** Every pick and unpick in order. */
    draws: z.array(fairnessDrawSchema),
    /** The winners' mission ids (after the draw). */
    winners: z.array(z.number().int()),
  })
  .meta({ id: 'EventFairness' });
export type EventFairness = z.infer<typeof eventFairnessSchema>;
