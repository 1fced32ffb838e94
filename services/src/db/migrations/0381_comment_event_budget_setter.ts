import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Who last set a comment coin event's money or period (services/src/comments/admin-service.ts): that member never
// approves the event's budget. Existing events take their author (NULL when unknown).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table comment_events add column budget_set_by bigint references users (id)`.execute(db);
  await sql`update comment_events set budget_set_by = created_by`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table comment_events drop column budget_set_by`.execute(db);
}
