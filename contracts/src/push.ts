import { z } from 'zod';
import { notificationKindSchema, type NotificationKind } from './notifications';
import { TERMS_PAGE_PATHS, type TermsKind } from './terms';

/**
 * Web push and the member's choices of channels. A notification's kind belongs to one topic; the member turns each
 * topic's push and mail on or off. In-app notifications are always written (the notifications page is the record).
 */

/** The topics a member chooses channels for, in the order the account page lists them. */
export const NOTIFICATION_TOPICS = [
  /** Creators: a fan requested a mission. */
  'MISSION_REQUESTS',
  /** Creators: a request waits for a decision or a performance near its deadline. */
  'DEADLINE_REMINDERS',
  /** Fans: the creator accepted a request. */
  'MISSION_ACCEPTED',
  /** Fans: a mission was performed, a prize delivered. */
  'MISSION_COMPLETED',
  /** Fans: a mission refused, expired or cancelled (coins refunded), a lottery event cancelled or its prize expired. */
  'MISSION_ENDED',
  /** Fans: a lottery event application received, won or not drawn. */
  'EVENT_DRAWS',
  /** Comments on one's missions and replies to one's comments. */
  'COMMENTS',
  /** Fans: coins about to expire. */
  'COINS_EXPIRING',
  /** Payments, refunds and settlements. */
  'MONEY',
  /** Terms changes and an operator's action on one's mission. */
  'ACCOUNT_NOTICES',
  /** Promotions: only with the member's own consent (정보통신망법 §50), and at night only with a second one. */
  'MARKETING',
] as const;
export const notificationTopicSchema = z.enum(NOTIFICATION_TOPICS);
export type NotificationTopic = z.infer<typeof notificationTopicSchema>;

/** Who a topic concerns: the account page shows creators' topics to creators only. */
export const NOTIFICATION_TOPIC_AUDIENCE: Record<NotificationTopic, 'CREATOR' | 'FAN' | 'EVERYONE'> = {
  MISSION_REQUESTS: 'CREATOR',
  DEADLINE_REMINDERS: 'CREATOR',
  MISSION_ACCEPTED: 'FAN',
  MISSION_COMPLETED: 'FAN',
  MISSION_ENDED: 'FAN',
  EVENT_DRAWS: 'FAN',
  COMMENTS: 'EVERYONE',
  COINS_EXPIRING: 'FAN',
  MONEY: 'EVERYONE',
  ACCOUNT_NOTICES: 'EVERYONE',
  MARKETING: 'EVERYONE',
};

/** The topic of every notification kind: a new kind does not compile until it is given one. */
export const NOTIFICATION_KIND_TOPIC: Record<NotificationKind, NotificationTopic> = {
  MISSION_REQUESTED: 'MISSION_REQUESTS',
  MISSION_DECISION_DUE_SOON: 'DEADLINE_REMINDERS',
  MISSION_PERFORM_DUE_SOON: 'DEADLINE_REMINDERS',
  EVENT_PRIZE_DUE_SOON: 'DEADLINE_REMINDERS',
  MISSION_ACCEPTED: 'MISSION_ACCEPTED',
  MISSION_COMPLETED: 'MISSION_COMPLETED',
  EVENT_PRIZE_DELIVERED: 'MISSION_COMPLETED',
  MISSION_REFUSED: 'MISSION_ENDED',
  MISSION_DECISION_EXPIRED: 'MISSION_ENDED',
  MISSION_PERFORM_EXPIRED: 'MISSION_ENDED',
  MISSION_CANCELED: 'MISSION_ENDED',
  EVENT_CANCELED: 'MISSION_ENDED',
  EVENT_PRIZE_EXPIRED: 'MISSION_ENDED',
  EVENT_APPLIED: 'EVENT_DRAWS',
  EVENT_WON: 'EVENT_DRAWS',
  EVENT_NOT_WON: 'EVENT_DRAWS',
  MISSION_REVIEW_REMINDER: 'MISSION_COMPLETED',
  MISSION_COMMENTED: 'COMMENTS',
  COMMENT_REPLIED: 'COMMENTS',
  COINS_EXPIRING: 'COINS_EXPIRING',
  MISSION_CONTENT_BLOCKED: 'ACCOUNT_NOTICES',
  COMMENT_REPORT_UPHELD: 'ACCOUNT_NOTICES',
  COMMENT_REPORT_DISMISSED: 'ACCOUNT_NOTICES',
  TERMS_CHANGED: 'ACCOUNT_NOTICES',
  COINS_DEPOSITED: 'MONEY',
  BONUS_COINS_RECEIVED: 'MONEY',
  COIN_REFUND_REQUESTED: 'MONEY',
  COIN_REFUND_PAID: 'MONEY',
  COIN_REFUND_REFUSED: 'MONEY',
  CHARGE_WITHDRAWN: 'MONEY',
  SETTLEMENT_PAID: 'MONEY',
  SETTLEMENT_TRANSFER_FAILED: 'MONEY',
  CREATOR_ADULT_FLAGGED: 'ACCOUNT_NOTICES',
  CREATOR_ADULT_CLEARED: 'ACCOUNT_NOTICES',
  CREATOR_ADULT_CLEAR_DECLINED: 'ACCOUNT_NOTICES',
  BLOCK_OBJECTION_ACCEPTED: 'ACCOUNT_NOTICES',
  BLOCK_OBJECTION_REJECTED: 'ACCOUNT_NOTICES',
};

/** The channels besides the in-app notification. */
export const NOTIFICATION_CHANNELS = ['push', 'mail', 'alimtalk'] as const;

/**
 * The topics KakaoTalk 알림톡 carries: what is transactional about a member's missions and money (알림톡 may carry no
 * promotion, and comments are not transactions). Sent to the phone number on the member's profile.
 */
export const ALIMTALK_TOPICS = [
  'MISSION_REQUESTS',
  'DEADLINE_REMINDERS',
  'MISSION_ACCEPTED',
  'MISSION_COMPLETED',
  'MISSION_ENDED',
  'EVENT_DRAWS',
  'MONEY',
] as const satisfies readonly NotificationTopic[];

/**
 * The Korean mobile number 알림톡 goes to, as digits (`01012345678`), from what a member typed on his profile
 * (hyphens, spaces and `+82` allowed); null when it is none (a landline, a foreign number, nothing).
 */
export function koreanMobileNumber(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/[\s().-]/g, '').replace(/^\+82/, '0');
  return /^01[016789]\d{7,8}$/.test(digits) ? digits : null;
}

/** A Korean mobile number to confirm for 알림톡 (separators and +82 allowed; stored as its digits, `01012345678`). */
export const phoneCodeRequestSchema = z.strictObject({
  phone: z
    .string({ error: 'validation.mobileNumber' })
    .max(30, { error: 'validation.mobileNumber' })
    .refine((value) => koreanMobileNumber(value) !== null, { error: 'validation.mobileNumber' }),
});
/** The number the code went to, when the code expires, and when another may be asked for. */
export const phoneCodeResponseSchema = z
  .object({
    phone: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
    resendAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'PhoneCodeSent' });
export type PhoneCodeSent = z.infer<typeof phoneCodeResponseSchema>;
/** The six digits of the SMS. */
export const phoneConfirmationRequestSchema = z.strictObject({
  code: z.string({ error: 'validation.phoneCode' }).regex(/^\d{6}$/, { error: 'validation.phoneCode' }),
});
export const phoneConfirmationResponseSchema = z
  .object({ phone: z.string(), confirmedAt: z.iso.datetime({ offset: true }) })
  .meta({ id: 'PhoneConfirmed' });
export type PhoneConfirmed = z.infer<typeof phoneConfirmationResponseSchema>;

export const isAlimtalkTopic = (topic: NotificationTopic): topic is (typeof ALIMTALK_TOPICS)[number] =>
  (ALIMTALK_TOPICS as readonly NotificationTopic[]).includes(topic);
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The page a notification opens in the web app: its mission (or its comment's mission), the coins page, the coin
 * history for money, the terms' legal page; null when it has none (the push message's page and the notifications
 * page's link, web/src/features/notifications/notifications-page.tsx, both use it).
 */
export function notificationPath(notification: {
  kind: NotificationKind;
  missionId: number | null;
  termsKind?: TermsKind;
}): string | null {
  if (notification.kind === 'COINS_EXPIRING') return '/my-coins';
  // A creator's settlement payout: his income page (web/src/app/routes.tsx).
  if (notification.kind.startsWith('SETTLEMENT_')) return '/adjustment-page';
  if (NOTIFICATION_KIND_TOPIC[notification.kind] === 'MONEY') return '/coin-history';
  if (notification.kind === 'TERMS_CHANGED') return TERMS_PAGE_PATHS[notification.termsKind ?? 'terms'];
  if (notification.kind.startsWith('CREATOR_ADULT_')) return '/edit-creator-profile';
  // A decided objection: log in again, or (still blocked) the objection page with the block and its state.
  if (notification.kind === 'BLOCK_OBJECTION_ACCEPTED') return '/login';
  if (notification.kind === 'BLOCK_OBJECTION_REJECTED') return '/block-objection';
  return notification.missionId === null ? null : `/mission-detail/${notification.missionId}`;
}

/** Base64url without padding, as `PushSubscription.toJSON()` gives the keys. */
const base64url = (bytes: number) => {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: 'validation.required' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'push.keyFormat' })
    .refine((value) => value.replace(/=+$/, '').length === length, { error: 'push.keyFormat' });
};

/** `PushSubscription.toJSON()` of the browser: where to send, and the keys that encrypt for it (RFC 8291). */
export const pushSubscriptionRequestSchema = z
  .object({
    endpoint: z
      .url({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.url') })
      .max(2_048),
    keys: z.object({
      /** The browser's P-256 public key, uncompressed (65 bytes). */
      p256dh: base64url(65),
      /** The 16-byte authentication secret. */
      auth: base64url(16),
    }),
    /** Milliseconds since the epoch after which the push service drops the subscription; null: never. */
    expirationTime: z.number().int().nonnegative().nullable().optional(),
  })
  .meta({ id: 'PushSubscriptionRequest' });
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const pushSubscriptionRemovalSchema = z
  .object({ endpoint: z.string({ error: 'validation.required' }).min(1).max(2_048) })
  .meta({ id: 'PushSubscriptionRemoval' });

export const vapidPublicKeySchema = z
  .object({
    /** The application server key for `pushManager.subscribe({ applicationServerKey })`, base64url. */
    publicKey: z.string(),
  })
  .meta({ id: 'VapidPublicKey' });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

/** What a push message carries, decrypted by the service worker. */
export const pushPayloadSchema = z
  .object({
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    /** The page the notification opens (absolute). */
    url: z.string(),
    /** One per notification: a second delivery of it replaces the first on the device. */
    tag: z.string(),
  })
  .meta({ id: 'PushPayload' });
export type PushPayload = z.infer<typeof pushPayloadSchema>;

const channelChoicesSchema = z.object({ push: z.boolean(), mail: z.boolean() });

export const notificationPreferencesSchema = z
  .object({
    topics: z.array(
      z.object({
        topic: notificationTopicSchema,
        audience: z.enum(['CREATOR', 'FAN', 'EVERYONE']),
        kinds: z.array(notificationKindSchema),
        ...channelChoicesSchema.shape,
        /** KakaoTalk 알림톡 on or off; null for a topic it does not carry (ALIMTALK_TOPICS). */
        alimtalk: z.boolean().nullable(),
      }),
    ),
    /** Whether 알림톡 can reach the member: the channel runs on this server, and his profile has a mobile number. */
    alimtalk: z.object({ available: z.boolean(), phoneOnFile: z.boolean() }),
    marketing: z.object({
      /** When the member consented to promotions; null: no consent (MARKETING is sent on no channel). */
      consentedAt: z.iso.datetime({ offset: true }).nullable(),
      /** When he consented to promotions between 21:00 and 08:00 Korea time; null: held until 08:00. */
      nightConsentedAt: z.iso.datetime({ offset: true }).nullable(),
    }),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesUpdateSchema = z
  .object({
    /** Topics to change; a topic left out keeps its choices, a channel left out keeps its choice. */
    topics: z
      .array(
        z
          .object({
            topic: notificationTopicSchema,
            push: z.boolean().optional(),
            mail: z.boolean().optional(),
            alimtalk: z.boolean().optional(),
          })
          .refine((change) => change.alimtalk === undefined || isAlimtalkTopic(change.topic), {
            path: ['alimtalk'],
            error: 'push.alimtalkTopic',
          }),
      )
      .max(NOTIFICATION_TOPICS.length)
      .optional(),
    /** Promotions consents; the night one needs the day one. Left out: unchanged. */
    marketing: z.object({ consent: z.boolean(), nightConsent: z.boolean() }).optional(),
  })
  .strict()
  .meta({ id: 'NotificationPreferencesUpdate' });
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;
