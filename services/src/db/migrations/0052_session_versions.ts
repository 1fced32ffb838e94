import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A session version per member. Every session token carries the version it was issued at; a
// password change or reset and a logout bump it, so older tokens stop working at once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column session_version integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column session_version`.execute(db);
}
