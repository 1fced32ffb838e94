import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Rate-limit counters shared by every API process: one row per limited key (route + account or
// client address), its count in the current window and when that window ends.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limit_counters (
      key text primary key,
      count integer not null check (count >= 0),
      window_ends_at timestamptz not null
    )`.execute(db);
  await sql`create index rate_limit_counters_window_ends_at on rate_limit_counters (window_ends_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit_counters`.execute(db);
}
