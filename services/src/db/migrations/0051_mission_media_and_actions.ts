import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Files a mission holds stay, and the mission actions' Idempotency-Key:
// - a file a mission holds (its request attachment, performed video, picture or voice, poster frame) or a creator's
//   intro in use cannot be deleted: the foreign keys become NO ACTION, so DELETE /files answers 409 (the files module
//   maps the foreign-key violation), as migration 0012 already did for product covers;
// - a deleted file's stored objects are kept 30 days (`deleted_files`), then purged by a job;
// - a creator's accept, refuse or perform with an Idempotency-Key is remembered, so a retry is answered with the
//   first result instead of being decided again.
const MISSION_FILE_COLUMNS = [
  'request_file_id',
  'video_file_id',
  'picture_file_id',
  'voice_file_id',
  'thumbnail_file_id',
] as const;

async function setOnDelete(db: Kysely<unknown>, table: string, column: string, onDelete: string) {
  await sql`
    alter table ${sql.table(table)}
      drop constraint ${sql.raw(`${table}_${column}_fkey`)},
      add constraint ${sql.raw(`${table}_${column}_fkey`)}
        foreign key (${sql.ref(column)}) references files (id) ${sql.raw(onDelete)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of MISSION_FILE_COLUMNS) await setOnDelete(db, 'missions', column, '');
  await setOnDelete(db, 'creators', 'intro_file_id', '');

  await sql`
    create table deleted_files (
      id bigint primary key,
      owner_user_id bigint,
      storage_key text not null,
      thumbnail_key text,
      filename text not null,
      content_type text not null,
      kind text not null,
      size_bytes bigint not null,
      created_at timestamptz not null,
      deleted_at timestamptz not null,
      purge_after timestamptz not null
    )`.execute(db);
  await sql`create index deleted_files_purge_after on deleted_files (purge_after)`.execute(db);

  await sql`
    create table mission_action_keys (
      user_id bigint not null references users (id) on delete cascade,
      idempotency_key text not null check (char_length(idempotency_key) <= 200),
      mission_id bigint not null references missions (id) on delete cascade,
      action text not null check (action in ('accept', 'refuse', 'perform')),
      created_at timestamptz not null default now(),
      primary key (user_id, idempotency_key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mission_action_keys`.execute(db);
  await sql`drop table deleted_files`.execute(db);
  await setOnDelete(db, 'creators', 'intro_file_id', 'on delete set null');
  for (const column of MISSION_FILE_COLUMNS) await setOnDelete(db, 'missions', column, 'on delete set null');
}
