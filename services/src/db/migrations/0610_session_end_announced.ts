import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The end of a member's sessions (a new session version: logout, password change or reset; a login block; a deleted
// account) is announced on the `notifications` channel as '<user id>', as migration 0460 announces his notifications,
// so the live streams of that member close at once (services/src/notifications/stream.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function announce_session_end() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('notifications', old.id::text);
      elsif new.session_version is distinct from old.session_version
         or new.login_blocked_at is distinct from old.login_blocked_at
         or new.deleted_at is distinct from old.deleted_at then
        perform pg_notify('notifications', new.id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_announce_session_end
    after update of session_version, login_blocked_at, deleted_at or delete on users
    for each row execute function announce_session_end()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_announce_session_end on users`.execute(db);
  await sql`drop function announce_session_end()`.execute(db);
}
