import { countUpTo } from '../admin';
import { isHiddenComment as isHidden } from '../comments';
import type { DbExecutor } from '../db';
import type { FileRow } from '../files';
import { NOTIFICATION_COLUMNS, type NotificationRow } from './table';

export interface NotificationView extends NotificationRow {
  /** The notification is about a comment nobody may read now: its words are not repeated. */
  commentHidden: boolean;
  actorImage: Pick<
    FileRow,
    | 'id'
    | 'owner_user_id'
    | 'storage_key'
    | 'filename'
    | 'content_type'
    | 'kind'
    | 'size_bytes'
    | 'thumbnail_key'
    | 'duration_seconds'
    | 'created_at'
  > | null;
}

/** A reader's notifications with the profile picture of each one's other party, newest first unless told. */
function selectNotifications(db: DbExecutor, userId: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as actor', 'actor.id', 'n.actor_user_id')
    .leftJoin('files as f', 'f.id', 'actor.image_file_id')
    .leftJoin('mission_comments as c', 'c.id', 'n.mission_comment_id')
    .select(NOTIFICATION_COLUMNS.map((column) => `n.${column}` as const))
    .select(['c.id as comment_id', 'c.moderation as comment_moderation', 'c.reports_count as comment_reports_count'])
    .select([
      'f.id as file_id',
      'f.owner_user_id as file_owner_user_id',
      'f.storage_key as file_storage_key',
      'f.filename as file_filename',
      'f.content_type as file_content_type',
      'f.kind as file_kind',
      'f.size_bytes as file_size_bytes',
      'f.thumbnail_key as file_thumbnail_key',
      'f.duration_seconds as file_duration_seconds',
      'f.created_at as file_created_at',
    ])
    .where('n.user_id', '=', userId);
}

type SelectedNotification = Awaited<ReturnType<ReturnType<typeof selectNotifications>['execute']>>[number];

/** A reader's notifications, newest first, with the profile picture of each one's other party. */
export async function findNotificationPage(
  db: DbExecutor,
  userId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: NotificationView[]; total: number }> {
  const [rows, count] = await Promise.all([
    selectNotifications(db, userId)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    // Exact up to a thousand, an estimate past that: a busy reader's count must not read all his notifications.
    countUpTo(db.selectFrom('notifications').selectAll().where('user_id', '=', userId)),
  ]);
  return { total: count, rows: rows.map(toView) };
}

/** A reader's notifications past an id, oldest first (what a live page has not shown yet), at most `limit`. */
export async function findNotificationsAfter(
  db: DbExecutor,
  userId: number,
  afterId: number,
  limit: number,
): Promise<NotificationView[]> {
  const rows = await selectNotifications(db, userId).where('n.id', '>', afterId).orderBy('n.id').limit(limit).execute();
  return rows.map(toView);
}

function toView({
  comment_id,
  comment_moderation,
  comment_reports_count,
  file_id,
  file_owner_user_id,
  file_storage_key,
  file_filename,
  file_content_type,
  file_kind,
  file_size_bytes,
  file_thumbnail_key,
  file_duration_seconds,
  file_created_at,
  ...notification
}: SelectedNotification): NotificationView {
  return {
    ...notification,
    // A comment deleted or hidden since it was notified (by an operator, or by its reports).
    commentHidden:
      notification.mission_comment_id !== null &&
      (comment_id === null || isHidden({ moderation: comment_moderation, reports_count: comment_reports_count ?? 0 })),
    actorImage:
      file_id === null
        ? null
        : {
            id: file_id,
            owner_user_id: file_owner_user_id,
            storage_key: file_storage_key!,
            filename: file_filename!,
            content_type: file_content_type!,
            kind: file_kind!,
            size_bytes: file_size_bytes!,
            thumbnail_key: file_thumbnail_key,
            duration_seconds: file_duration_seconds,
            created_at: file_created_at!,
          },
  };
}
