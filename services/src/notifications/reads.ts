import { UNREAD_NOTIFICATIONS_SHOWN, type UnreadNotifications } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { DbExecutor } from '../db';

/*
 * What a member has seen and read of his notifications (migration 0460):
 * - seen: the header's count is his notifications newer than the newest his notifications page showed him;
 * - read: a notification he opened, or one his "mark all as read" reached.
 * A mark never moves back, and never past his newest notification: a page that sends a stale or a made-up id marks
 * only what exists and was there to be shown.
 */

/** The reader's notifications past the ones he has seen, counted up to one past what a badge shows. */
export async function unreadNotifications(db: DbExecutor, userId: number): Promise<UnreadNotifications> {
  const { rows } = await sql<{ count: number; newest_id: number | null }>`
    select
      (select count(*)::int from (
         select 1 from notifications n
         where n.user_id = ${userId}
           and n.id > coalesce((select seen_up_to from notification_reads where user_id = ${userId}), 0)
         limit ${UNREAD_NOTIFICATIONS_SHOWN + 1}) past_seen) as count,
      (select max(id) from notifications where user_id = ${userId}) as newest_id`.execute(db);
  const count = rows[0]?.count ?? 0;
  return {
    count: Math.min(count, UNREAD_NOTIFICATIONS_SHOWN + 1),
    more: count > UNREAD_NOTIFICATIONS_SHOWN,
    newestId: rows[0]?.newest_id ?? 0,
  };
}

/**
 * Moves a reader's mark forward to `upTo` (at most his newest notification): `seen` for the count, `read` for every
 * row up to it (which is seen too). Nothing is written when the mark is there already.
 */
export async function markNotifications(
  db: DbExecutor,
  userId: number,
  mark: 'seen' | 'read',
  upTo: number,
): Promise<void> {
  const allRead = mark === 'read';
  await sql`
    with target as (
      select least(${upTo}::bigint, (select coalesce(max(id), 0) from notifications where user_id = ${userId})) as id
    )
    insert into notification_reads as r (user_id, seen_up_to, all_read_up_to)
    select ${userId}, target.id, case when ${allRead} then target.id else 0 end from target where target.id > 0
    on conflict (user_id) do update set
      seen_up_to = greatest(r.seen_up_to, excluded.seen_up_to),
      all_read_up_to = greatest(r.all_read_up_to, excluded.all_read_up_to)
    where excluded.seen_up_to > r.seen_up_to or excluded.all_read_up_to > r.all_read_up_to`.execute(db);
}

/** Marks one of the reader's notifications read; false when he has none by that id. */
export async function markNotificationRead(db: DbExecutor, userId: number, id: number, now: Date): Promise<boolean> {
  const found = await db
    .selectFrom('notifications')
    .select('read_at')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!found) return false;
  if (found.read_at === null) {
    await db
      .updateTable('notifications')
      .set({ read_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }
  return true;
}

/** The id up to which every one of the reader's notifications is read (0: none). */
export async function allReadUpTo(db: DbExecutor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notification_reads')
    .select('all_read_up_to')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.all_read_up_to ?? 0;
}
