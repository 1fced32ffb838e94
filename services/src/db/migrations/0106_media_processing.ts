import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Ffprobe/ffmpeg no longer run inside the upload request. A video or audio upload is stored
// `pending`; a background queue (this table's rows, claimed with `for update skip locked`) takes its duration and
// poster frame and marks it `ready`, or `failed` after a bounded number of attempts. Files uploaded before this
// migration are `ready` (their details were taken in the request).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table files
      add column processing_status text not null default 'ready'
        check (processing_status in ('pending', 'ready', 'failed')),
      add column processing_attempts integer not null default 0,
      add column processing_after timestamptz,
      add column processing_locked_until timestamptz,
      add column processing_error text`.execute(db);
  await sql`create index files_processing_due on files (processing_after, id) where processing_status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index files_processing_due`.execute(db);
  await sql`
    alter table files
      drop column processing_status,
      drop column processing_attempts,
      drop column processing_after,
      drop column processing_locked_until,
      drop column processing_error`.execute(db);
}
