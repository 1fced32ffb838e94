import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The ids of the Temporal Updates whose action the mission records (the accept or refuse that decided it,
// the perform that delivered it), written by the workflow's activity in the same transaction as the action. An Update
// whose answer was lost (the API's deadline passed: a worker died before reporting, or the test server failed the
// workflow task that held it) is then told apart from a second action: the API finds its own Update id and answers
// 200; another id is refused (ALREADY_DECIDED, ALREADY_PERFORMED) as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table missions add column decision_update_id text, add column perform_update_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table missions drop column decision_update_id, drop column perform_update_id`.execute(db);
}
