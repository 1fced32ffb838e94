import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Reliability: hot-filter indexes, bounded growth, expired tokens pruned, and the rate-limit counters' retention:
// - indexes on every hot filter that had none: public mission browse (newest and recently completed),
//   the foreign keys that reference files (each file delete checked them by a sequential scan), a user's uploads by
//   time (upload quota), and the retention deletes (outbox, processed ids, expired tokens);
// - event_consumer_dead_letters: events a consumer failed on too many times, parked so the consumer moves on.
const FILE_REFERENCES: ReadonlyArray<[table: string, column: string]> = [
  ['users', 'image_file_id'],
  ['creators', 'intro_file_id'],
  ['popups', 'web_image_file_id'],
  ['mission_products', 'description_picture_file_id'],
  ['missions', 'request_file_id'],
  ['missions', 'video_file_id'],
  ['missions', 'picture_file_id'],
  ['missions', 'voice_file_id'],
  ['missions', 'thumbnail_file_id'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // The anonymous browse (no party predicate) filters on exactly this: a partial index in its sort order
  // (`desc nulls last`, as listMissions sorts).
  await sql`
    create index missions_public_newest on missions (created_at desc nulls last, id desc)
      where not is_private and status <> 'CREATED' and content_blocked_at is null`.execute(db);
  await sql`
    create index missions_public_completed on missions (completed_at desc nulls last, id desc)
      where not is_private and status <> 'CREATED' and content_blocked_at is null`.execute(db);
  for (const [table, column] of FILE_REFERENCES) {
    await sql`create index ${sql.raw(`${table}_${column}`)} on ${sql.table(table)} (${sql.ref(column)})
      where ${sql.ref(column)} is not null`.execute(db);
  }
  await sql`create index files_owner_created on files (owner_user_id, created_at)`.execute(db);
  await sql`create index outbox_recorded_at on outbox (recorded_at)`.execute(db);
  await sql`create index event_consumer_processed_at on event_consumer_processed (processed_at)`.execute(db);
  await sql`create index email_verifications_expires_at on email_verifications (expires_at)`.execute(db);
  await sql`create index password_resets_expires_at on password_resets (expires_at)`.execute(db);

  await sql`
    create table event_consumer_dead_letters (
      consumer text not null,
      event_id uuid not null,
      event_type text not null,
      event jsonb not null,
      attempts integer not null check (attempts > 0),
      error text not null,
      parked_at timestamptz not null default now(),
      primary key (consumer, event_id)
    )`.execute(db);
  await sql`create index event_consumer_dead_letters_parked on event_consumer_dead_letters (parked_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table event_consumer_dead_letters`.execute(db);
  for (const name of [
    'password_resets_expires_at',
    'email_verifications_expires_at',
    'event_consumer_processed_at',
    'outbox_recorded_at',
    'files_owner_created',
    ...FILE_REFERENCES.map(([table, column]) => `${table}_${column}`),
    'missions_public_completed',
    'missions_public_newest',
  ]) {
    await sql`drop index ${sql.raw(name)}`.execute(db);
  }
}
