import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A staff approval request's one-line summary is worded by the console in its own language from the request's kind
// and frozen parameters (services/src/approvals): the English line the request used to store goes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_approval_requests drop column summary`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_approval_requests add column summary text not null default ''`.execute(db);
}
