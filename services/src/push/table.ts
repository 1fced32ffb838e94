import type { Generated, Selectable } from 'kysely';
import type { NotificationTopic } from '@fanmission/contracts';

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The push service's address for one browser: unique, a browser belongs to one member at a time. */
  endpoint: string;
  /** The browser's P-256 public key (base64url). */
  p256dh: string;
  /** The browser's authentication secret (base64url). */
  auth: string;
  /** When the push service drops it (the browser's `expirationTime`); null: not said. */
  expires_at: Date | null;
  created_at: Date;
  /** The last registration: the oldest of a member's browsers goes first when he has too many. */
  refreshed_at: Date;
}

export interface NotificationPreferencesTable {
  user_id: number;
  topic: NotificationTopic;
  push: boolean;
  mail: boolean;
  /** KakaoTalk 알림톡; null: the default (on), and for the topics it does not carry. */
  alimtalk: boolean | null;
  updated_at: Date;
}

export interface MarketingConsentsTable {
  user_id: number;
  consented_at: Date | null;
  night_consented_at: Date | null;
  updated_at: Date;
}

export type PushDeliveryStatus = 'PENDING' | 'SENT' | 'FAILED';

export interface PushDeliveriesTable {
  id: Generated<number>;
  notification_id: number;
  subscription_id: number;
  status: Generated<PushDeliveryStatus>;
  /** Claims so far: every claim counts one, before the message is sent. */
  attempts: Generated<number>;
  due_at: Date;
  /** A claim holds the delivery until then; a sender that died leaves it to be claimed again after. */
  locked_until: Date | null;
  sent_at: Date | null;
  last_error: string | null;
  created_at: Date;
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  notification_preferences: NotificationPreferencesTable;
  marketing_consents: MarketingConsentsTable;
  push_deliveries: PushDeliveriesTable;
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type PushDeliveryRow = Selectable<PushDeliveriesTable>;
