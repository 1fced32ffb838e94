import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// resumable_uploads: one row per tus upload (services/src/files/tus-routes.ts) from its creation until it expires, so
// every API process knows whose it is, what it is for, the quota reservation it holds, the type its first bytes were
// recognised as, and, once its last byte arrived, the file it became.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table resumable_uploads (
      id text primary key,
      owner_user_id bigint not null references users (id) on delete cascade,
      purpose text not null,
      filename text not null,
      declared_type text not null,
      size_bytes bigint not null,
      reservation_id bigint references upload_reservations (id) on delete set null,
      sniffed_type text,
      file_id bigint references files (id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index resumable_uploads_expiry on resumable_uploads (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table resumable_uploads`.execute(db);
}
