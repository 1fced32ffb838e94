import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A staff approval request's reason is the maker's own words: an action whose console form asks for none (an
// invitation, a role grant, a BONUS coin item, a refund marked paid without a note) records none, where it used to
// store an English line the console then showed in any language (its summary already says what will run).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_approval_requests alter column reason drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update staff_approval_requests set reason = '-' where reason is null`.execute(db);
  await sql`alter table staff_approval_requests alter column reason set not null`.execute(db);
}
