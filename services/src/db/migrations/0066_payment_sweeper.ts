import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The payment sweeper re-checks orders that are neither paid nor given up with their provider; this
// index keeps that scan to the unsettled orders of the last days.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index payments_unsettled on payments (created_at) where status in ('ready', 'pending')`.execute(db);
}
