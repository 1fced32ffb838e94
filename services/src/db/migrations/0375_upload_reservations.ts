import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Uploads under way, per user, and the bytes each may still store: shared by every API process, so that N processes
// do not each hand out the rest of a user's daily bytes or his concurrent uploads (services/src/files/quota.ts). A
// reservation ends with its upload; one a crashed process left behind lapses at `expires_at`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table upload_reservations (
      id bigint generated always as identity primary key,
      user_id integer not null,
      bytes bigint not null check (bytes >= 0),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index upload_reservations_user on upload_reservations (user_id, expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table upload_reservations`.execute(db);
}
