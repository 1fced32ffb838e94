import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The demo world's progress, one row: WRITING from before its first write (with the tables that were empty then,
// the ones its writes may fill), COMPLETE once its last step committed. A start that finds WRITING knows a seeding
// process died halfway: it empties those tables and writes the world again; COMPLETE means seeded.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table demo_world_state (
      id smallint primary key default 1 check (id = 1),
      state text not null check (state in ('WRITING', 'COMPLETE')),
      empty_tables text[] not null,
      started_at timestamptz not null,
      completed_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table demo_world_state`.execute(db);
}
