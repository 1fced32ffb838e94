import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A console account's deactivation is its own state (users.staff_deactivated), written only by staff management, not
// a login block reason that the members' block route could also write. A login blocked with the reserved reason text
// through that route (recorded in admin_audit_log as a 200 answer of PUT /api/admin/users/:id) is an ordinary member
// block, which operators may lift; every other block with that text was written by staff management.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column staff_deactivated boolean not null default false`.execute(db);
  await sql`
    update users u set staff_deactivated = true
    where u.login_blocked_at is not null and u.login_block_reason = 'deactivated staff account'
      and not exists (
        select 1 from admin_audit_log a
        where a.resource = 'users' and a.action = 'PUT /api/admin/users/:id' and a.resource_id = u.id::text and a.status_code = 200
          and a.after ->> 'loginBlockReason' = 'deactivated staff account')`.execute(db);
  await sql`
    alter table users add constraint users_staff_deactivated_blocked
      check (not staff_deactivated or login_blocked_at is not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column staff_deactivated`.execute(db);
}
