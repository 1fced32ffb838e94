import { z } from 'zod';
import { LUCKY_COMPENSATION_WON_PER_TICKET, MISSION_OFFER_MAX_COINS, TEXT_LIMITS, WON_PER_COIN } from './limits';
import { missionStatusSchema } from './missions';

/*
 * Mission requests and the actions on a mission. Custom messages are keys of the
 * server's message catalogue.
 */

const id = z.number({ error: 'validation.required' }).int().positive();
const requiredText = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max);

/** POST /missions (BASIC and CUSTOM; LUCKY missions are opened with POST /missions/lucky). */
export const missionRequestSchema = z.strictObject({
  private: z.boolean().default(false),
  toFriend: z.boolean().default(false),
  /** The recipient's name. */
  to: requiredText(TEXT_LIMITS.recipientName),
  /** The sender's name: required for a friend, refused otherwise. */
  from: z.string().trim().max(TEXT_LIMITS.friendSenderName).optional(),
  requestComment: requiredText(TEXT_LIMITS.requestComment),
  missionProductId: id,
  /** CUSTOM only: the fan's offer, at least the product's minimumCost. */
  coinPrice: z.number().int().positive().max(MISSION_OFFER_MAX_COINS).optional(),
  /**
   * BASIC only: the price the fan was shown. When the creator changed it since, the request is refused with 409
   * PRICE_CHANGED and nothing is held; without it the current price is held.
   */
  expectedCoinPrice: z.number().int().positive().max(MISSION_OFFER_MAX_COINS).optional(),
  /** An uploaded image, video or audio file: always allowed for CUSTOM, for BASIC only when the product allows it. */
  requestFileId: z.number().int().positive().optional(),
});
export type MissionRequest = z.infer<typeof missionRequestSchema>;

export const missionRequestResponseSchema = z
  .object({ id: z.number().int(), status: missionStatusSchema })
  .meta({ id: 'MissionRequestResponse' });
export type MissionRequestResponse = z.infer<typeof missionRequestResponseSchema>;

/** Opens a lucky roulette: a CREATED mission the fan then rolls for (path not shown in the spec). */
export const luckyMissionRequestSchema = z.strictObject({ missionProductId: id });

export const luckyRollResponseSchema = z.object({ success: z.boolean() }).meta({ id: 'LuckyRollResponse' });
export type LuckyRollResponse = z.infer<typeof luckyRollResponseSchema>;

/** An answer's media: the id of an uploaded video, picture or voice file (`POST /files/s3`). */
export const answerMediaFields = {
  videoId: z.number().int().positive().optional(),
  pictureId: z.number().int().positive().optional(),
  voiceId: z.number().int().positive().optional(),
};

const hasOneAnswerMedia = (body: {
  videoId?: number | undefined;
  pictureId?: number | undefined;
  voiceId?: number | undefined;
}) => [body.videoId, body.pictureId, body.voiceId].filter((id) => id !== undefined).length === 1;

/** A `refine` that asks for exactly one of the answer's media (the message sits on `videoId`). */
export const exactlyOneAnswerMedia: [typeof hasOneAnswerMedia, { error: string; path: string[] }] = [
  hasOneAnswerMedia,
  { error: 'missions.oneMediaRequired', path: ['videoId'] },
];

/** Which of the answer's media a valid body carries: its kind, file id, field and the kind of file it must be. */
export function answerMediaOf(body: {
  videoId?: number | undefined;
  pictureId?: number | undefined;
  voiceId?: number;
}) {
  if (body.videoId !== undefined) {
    return { kind: 'video' as const, fileId: body.videoId, field: 'videoId', fileKind: 'video' as const };
  }
  if (body.pictureId !== undefined) {
    return { kind: 'picture' as const, fileId: body.pictureId, field: 'pictureId', fileKind: 'image' as const };
  }
  return { kind: 'voice' as const, fileId: body.voiceId!, field: 'voiceId', fileKind: 'audio' as const };
}

/** POST /missions/{id}/perform: a comment and exactly one of the three media. */
export const performMissionRequestSchema = z
  .strictObject({
    responseComment: requiredText(TEXT_LIMITS.responseComment),
    ...answerMediaFields,
  })
  .refine(...exactlyOneAnswerMedia);
export type PerformMissionRequest = z.infer<typeof performMissionRequestSchema>;

/** POST /missions/{id}/accept: the message is optional. */
export const acceptMissionRequestSchema = z.strictObject({
  feedback: z.string().trim().max(TEXT_LIMITS.comment).optional(),
});
export type AcceptMissionRequest = z.infer<typeof acceptMissionRequestSchema>;

/** POST /missions/{id}/refuse: the reason is required and passed to the requester. */
export const refuseMissionRequestSchema = z.strictObject({ feedback: requiredText(TEXT_LIMITS.comment) });
export type RefuseMissionRequest = z.infer<typeof refuseMissionRequestSchema>;

export const missionIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * Lucky compensation ("the larger of one entry ticket times 1,000 or coins used"). Our reading:
 * each roll is one entry ticket worth LUCKY_COMPENSATION_WON_PER_TICKET (1,000 won = 10 coins); when a creator misses
 * the perform deadline of a won LUCKY mission, the fan gets back every coin that mission's rolls cost (`refund`) and,
 * where rolls × 10 coins is larger, the difference as a `bonus` — capped at LUCKY_COMPENSATION_BONUS_CAP_COINS and
 * paid out of the creator's own earnings (as far as they reach), never issued by the platform. So compensation never
 * exceeds the coins spent plus the cap, and a fan and creator acting together cannot turn coins into more coins: the
 * bonus only moves coins from one of them to the other.
 * The winning roll's coins come back from the escrow (their own lots); the losing rolls' coins from platform revenue
 * (where they went), as a non-refundable BONUS lot together with the bonus.
 */
export const LUCKY_COMPENSATION_COINS_PER_TICKET = LUCKY_COMPENSATION_WON_PER_TICKET / WON_PER_COIN;
/** The most a missed lucky mission adds on top of the refunded rolls (100 coins = 10,000 won). */
export const LUCKY_COMPENSATION_BONUS_CAP_COINS = 100;

export function luckyCompensation(rolls: number, coinsUsed: number): { refund: number; bonus: number } {
  const tickets = rolls * LUCKY_COMPENSATION_COINS_PER_TICKET;
  return { refund: coinsUsed, bonus: Math.min(Math.max(0, tickets - coinsUsed), LUCKY_COMPENSATION_BONUS_CAP_COINS) };
}

export const ADMIN_CREATOR_PENALTY_SORT_FIELDS = ['id', 'createdAt', 'level', 'creatorId'] as const;

/** Creator penalties for missed perform deadlines, as the operator console lists them. */
export const creatorPenaltySchema = z
  .object({
    id: z.number().int(),
    creatorId: z.number().int(),
    missionId: z.number().int(),
    level: z.number().int(),
    requestsBlockedUntil: z.iso.datetime({ offset: true }).nullable(),
    blocksLogin: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    liftedAt: z.iso.datetime({ offset: true }).nullable(),
    liftNote: z.string().nullable(),
  })
  .meta({ id: 'CreatorPenalty' });
export type CreatorPenalty = z.infer<typeof creatorPenaltySchema>;

/**
 * PUT /api/admin/creator-penalties/{id}: an operator lifts a penalty (its blocks end; it no longer counts). The
 * console sends the whole record back; only the note is read.
 */
export const liftCreatorPenaltyRequestSchema = z.looseObject({
  liftNote: z.string().trim().max(500).nullish(),
});
