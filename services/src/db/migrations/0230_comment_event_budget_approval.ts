import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A comment coin event's daily budget above what operators may grant alone pays nothing until finance approves it
// (services/src/comments/coin-event.ts); its author may not approve it himself. A change of the coins per win or the
// budget takes the approval back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table comment_events
      add column created_by bigint references users (id),
      add column budget_approved_by bigint references users (id),
      add column budget_approved_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table comment_events
      drop column created_by, drop column budget_approved_by, drop column budget_approved_at`.execute(db);
}
