import { z } from 'zod';
import { PAGE_SIZES, UNREAD_NOTIFICATIONS_SHOWN } from './limits';
import { pageQuerySchema, pageSchema } from './page';
import { termsKindSchema } from './terms';
import { fileEntrySchema } from './users';
import { languageSchema } from './languages';

/** What a notification is about; the text is rendered in the reader's language. */
export const NOTIFICATION_KINDS = [
  /** To the creator: a fan requested a mission (or won a LUCKY one). */
  'MISSION_REQUESTED',
  /** To the creator: a custom request waits for his decision, its 30 days end soon (7 days and 1 day before). */
  'MISSION_DECISION_DUE_SOON',
  /** To the creator: an accepted mission waits to be performed, its 10 days end soon (3 days, 1 day, 2 hours before). */
  'MISSION_PERFORM_DUE_SOON',
  /** To the creator: a lottery winner's prize is owed, its week ends soon (2 days and 1 day before). */
  'EVENT_PRIZE_DUE_SOON',
  /** To the fan: the creator accepted the request. */
  'MISSION_ACCEPTED',
  /** To the fan: the mission was performed. */
  'MISSION_COMPLETED',
  /** To the fan: the creator refused; the coins were refunded. */
  'MISSION_REFUSED',
  /** To the fan: the creator did not decide within 30 days; refunded. */
  'MISSION_DECISION_EXPIRED',
  /** To the fan: the creator did not perform within 10 days; refunded. */
  'MISSION_PERFORM_EXPIRED',
  /** To the fan: the mission was cancelled; refunded. */
  'MISSION_CANCELED',
  /** To the fan: a day after the answer, he may rate it (docs/rules/reviews.md). */
  'MISSION_REVIEW_REMINDER',
  /** To the mission's requester and creator: somebody commented on the mission. */
  'MISSION_COMMENTED',
  /** To a comment's author: somebody replied to it. */
  'COMMENT_REPLIED',
  /** To the fan: his lottery event application was received. */
  'EVENT_APPLIED',
  /** To the fan: he won a lottery event. */
  'EVENT_WON',
  /** To the fan: he was not drawn. */
  'EVENT_NOT_WON',
  /** To the fan: the creator delivered his prize. */
  'EVENT_PRIZE_DELIVERED',
  /** To the fan: the lottery event he applied to was cancelled. */
  'EVENT_CANCELED',
  /** To the fan: the creator did not deliver his prize within a week. */
  'EVENT_PRIZE_EXPIRED',
  /** To the fan: some of his coins expire in 30 (then 7) days; links to /my-coins. */
  'COINS_EXPIRING',
  /** To the creator and the requester: an operator hid the mission's content (console). */
  'MISSION_CONTENT_BLOCKED',
  /** To a reporter: an operator hid the comment he reported. */
  'COMMENT_REPORT_UPHELD',
  /** To a reporter: an operator found no breach in the comment he reported and left it. */
  'COMMENT_REPORT_DISMISSED',
  /** To every member: a new version of the terms takes effect on a date; links to its legal page. */
  'TERMS_CHANGED',
  /** To the fan: an operator confirmed his bank deposit, the coins are credited; links to /coin-history. */
  'COINS_DEPOSITED',
  /** To the fan: an operator granted him bonus coins (a free-coin event); links to /coin-history. */
  'BONUS_COINS_RECEIVED',
  /** To the fan: his refund of the coins left was requested (coins taken, money to be paid); links to /coin-history. */
  'COIN_REFUND_REQUESTED',
  /** To the fan: finance paid his refund; links to /coin-history. */
  'COIN_REFUND_PAID',
  /** To the fan: finance refused his refund, the coins went back to his wallet; links to /coin-history. */
  'COIN_REFUND_REFUSED',
  /** To the fan: a charge was withdrawn or cancelled at the payment provider, its coins taken back; /coin-history. */
  'CHARGE_WITHDRAWN',
  /** To the creator: an operator marked his content adult (19+ gate, out of search), with the reason. */
  'CREATOR_ADULT_FLAGGED',
  /** To the creator: an operator cleared his adult flag, or accepted his request to clear it, with the reason. */
  'CREATOR_ADULT_CLEARED',
  /** To the creator: an operator declined his request to clear the adult flag, with the reason. */
  'CREATOR_ADULT_CLEAR_DECLINED',
  /** To a blocked member: an operator accepted his objection, the block ended; with the operator's words if any. */
  'BLOCK_OBJECTION_ACCEPTED',
  /** To a blocked member: an operator rejected his objection, the block stays; with the operator's reason. */
  'BLOCK_OBJECTION_REJECTED',
  /** To the creator: his statement's payout reached his account (the date, the bank and the account's last digits). */
  'SETTLEMENT_PAID',
  /** To the creator: the bank failed his statement's payout; he is asked to check his payout account. */
  'SETTLEMENT_TRANSFER_FAILED',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * One row of the notifications page: the thumbnail is the profile picture of the other party (the
 * fan for a creator, the creator for a fan), null for the placeholder; a click opens `/mission-detail/{mission.id}`
 * or, for a comment, `/mission-detail/{missionComment.missionId}`.
 */
export const notificationSchema = z
  .object({
    id: z.number().int(),
    kind: notificationKindSchema,
    content: z.string(),
    created: z.iso.datetime({ offset: true }),
    thumbnail: z.string().nullable(),
    image: fileEntrySchema.nullable(),
    mission: z.object({ id: z.number().int() }).nullable(),
    missionComment: z.object({ id: z.number().int(), missionId: z.number().int() }).nullable(),
    /** A terms notice: the document whose legal page it opens. */
    termsKind: termsKindSchema.optional(),
    /** Opened by the reader, or reached by his "mark all as read". */
    read: z.boolean(),
    /** Comments or replies grouped in this one row ("3 new replies"); absent when it is one notice. */
    count: z.number().int().min(2).optional(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pageSchema(notificationSchema).meta({ id: 'NotificationPage' });
export const notificationPageQuerySchema = pageQuerySchema(PAGE_SIZES.notifications);

/**
 * The reader's notifications he has not seen yet: those newer than the newest his notifications page showed him.
 * `count` stops at UNREAD_NOTIFICATIONS_SHOWN + 1 (`more` then true): a badge never counts further.
 */
export const unreadNotificationsSchema = z
  .object({
    count: z
      .number()
      .int()
      .min(0)
      .max(UNREAD_NOTIFICATIONS_SHOWN + 1),
    more: z.boolean(),
    /** The newest notification's id (0: none): what the page marks seen, and the live stream's resume point. */
    newestId: z.number().int().min(0),
  })
  .meta({ id: 'UnreadNotifications' });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;

/** Everything up to a notification the reader was shown: seen (the count) or read (every row up to it). */
export const notificationsUpToSchema = z
  .object({ upTo: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) })
  .meta({ id: 'NotificationsUpTo' });
export type NotificationsUpTo = z.infer<typeof notificationsUpToSchema>;

export const notificationIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The live stream's query: the language of the texts it sends (an EventSource cannot set Accept-Language). */
export const notificationStreamQuerySchema = z.object({ language: languageSchema.optional() });
