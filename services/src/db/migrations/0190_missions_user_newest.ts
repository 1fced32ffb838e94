import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A fan's own missions newest first, in the exact order his list asks for (created_at desc nulls last, id desc):
// the older (user_id, created_at desc) index sorts nulls first, so his list sorted every mission he ever requested
// to show twelve of them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index missions_user_newest on missions (user_id, created_at desc nulls last, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index missions_user_newest`.execute(db);
}
