import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// What each member stored, one row per upload, whatever became of the file: the upload quota counts these, so
// deleting a file (kept 30 days for restoring) or replacing a profile picture or an intro does not give its bytes
// and its place in the hour back. Rows older than two days are purged (the quota looks one day back). The last day's
// uploads are carried over from the files as they are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table upload_usage (
      id bigint generated always as identity primary key,
      user_id integer not null,
      bytes bigint not null check (bytes >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index upload_usage_user_time on upload_usage (user_id, created_at)`.execute(db);
  await sql`
    insert into upload_usage (user_id, bytes, created_at)
    select owner_user_id, size_bytes, created_at from files
    where owner_user_id is not null and created_at > now() - interval '1 day'
    union all
    select owner_user_id, size_bytes, created_at from deleted_files
    where owner_user_id is not null and created_at > now() - interval '1 day'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table upload_usage`.execute(db);
}
