import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NotificationKind, NotificationTopic } from '@fanmission/contracts';

export interface NotificationsTable {
  id: Generated<number>;
  /** Who reads it. */
  user_id: number;
  kind: NotificationKind;
  mission_id: number | null;
  mission_comment_id: number | null;
  /** The other party, whose profile picture is the thumbnail. */
  actor_user_id: number | null;
  /** Placeholders of the text (`actor`, `product`, `coins`), fixed when the event was applied. */
  params: ColumnType<Record<string, string | number>, string, never>;
  event_id: string;
  created_at: Date;
  /** When the reader opened this one notification; null: unread unless "mark all as read" reached it. */
  read_at: ColumnType<Date | null, never, Date | null>;
  /** How many notices one member caused another this row stands for ("3 new replies"); 1 for every other kind. */
  group_count: Generated<number>;
  /** The events of the notices a grouped row took in besides its own `event_id` (one applied again is not counted). */
  grouped_event_ids: Generated<string[]>;
}

/** What a member has seen and read of his notifications (migration 0460). */
export interface NotificationReadsTable {
  user_id: number;
  /** The newest notification his notifications page showed him: the header's count is those past it. */
  seen_up_to: Generated<number>;
  /** Every notification up to this id is read. */
  all_read_up_to: Generated<number>;
}

/** A mail of a notice one member caused another (a comment, a reply), kept for the limits (migration 0630). */
export interface NoticeMailsTable {
  id: Generated<number>;
  recipient_id: number;
  sender_id: number | null;
  kind: NotificationKind;
  sent_at: Date;
}

/** Notices of one kind held back from a recipient's mail by the limits, told with his next such mail (0630). */
export interface NoticeMailsHeldTable {
  recipient_id: number;
  kind: NotificationKind;
  held: number;
  since: Date;
}

/** The token of a member's one-click unsubscribe from one topic's mails (migration 0631). */
export interface MailUnsubscribeTokensTable {
  user_id: number;
  topic: NotificationTopic;
  token: string;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  notice_mails: NoticeMailsTable;
  notice_mails_held: NoticeMailsHeldTable;
  mail_unsubscribe_tokens: MailUnsubscribeTokensTable;
}

/**
 * Every column of `notifications`, named: a page's statement that lists them (not `n.*`) is sent as a prepared
 * statement once often used (services/src/db/prepared-statements.ts prepares no statement with a `*`). The type below
 * fails to compile when a column of NotificationsTable is missing here.
 */
export const NOTIFICATION_COLUMNS = [
  'id',
  'user_id',
  'kind',
  'mission_id',
  'mission_comment_id',
  'actor_user_id',
  'params',
  'event_id',
  'created_at',
  'read_at',
  'group_count',
  'grouped_event_ids',
] as const satisfies readonly (keyof NotificationsTable)[];
// A column of NotificationsTable that NOTIFICATION_COLUMNS leaves out makes this `true`, which `false` does not accept.
const notificationColumnsComplete: Exclude<
  keyof NotificationsTable,
  (typeof NOTIFICATION_COLUMNS)[number]
> extends never
  ? false
  : true = false;
void notificationColumnsComplete;

export type NotificationRow = Selectable<NotificationsTable>;
