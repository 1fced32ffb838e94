import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Leaving the service: a deleted account keeps its row (and so its id, under which the ledger keeps its
// history) with every personal field erased; `deleted_at` says so, and the e-mail is free for a new sign-up.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column deleted_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column deleted_at`.execute(db);
}
