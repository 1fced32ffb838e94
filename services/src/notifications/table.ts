import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NotificationKind } from '@fanmission/contracts';

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
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}

export type NotificationRow = Selectable<NotificationsTable>;
