import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// What a member has seen and read of his notifications:
// - notification_reads.seen_up_to: the newest notification id his notifications page showed him; the header's unread
//   count is his notifications past it. all_read_up_to: every notification up to it is read ("mark all as read");
// - notifications.read_at: one notification opened (read) on its own.
// Every member's notifications up to today count as seen and read, so no badge lights up for the past.
// A new notification and a change of what was seen or read are announced on the `notifications` channel as
// '<user id>' (NOTIFY), so each API process tells that member's open pages (services/src/notifications/live.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications add column read_at timestamptz`.execute(db);
  await sql`
    create table notification_reads (
      user_id bigint primary key references users (id) on delete cascade,
      seen_up_to bigint not null default 0,
      all_read_up_to bigint not null default 0
    )`.execute(db);
  await sql`
    insert into notification_reads (user_id, seen_up_to, all_read_up_to)
    select user_id, max(id), max(id) from notifications group by user_id`.execute(db);
  await sql`
    create function announce_notification_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('notifications', new.user_id::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger notifications_announce after insert or update of read_at on notifications
    for each row execute function announce_notification_change()`.execute(db);
  await sql`
    create trigger notification_reads_announce after insert or update on notification_reads
    for each row execute function announce_notification_change()`.execute(db);
}
