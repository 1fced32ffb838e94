import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Case-insensitive e-mails and custom URLs, and trigram indexes for Korean infix name search.
  await sql`create extension if not exists citext`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop extension if exists pg_trgm`.execute(db);
  await sql`drop extension if exists citext`.execute(db);
}
