import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// mission_deadline_reminders: each reminder of a deadline sent to a mission's creator (which deadline, how long before
// it), so a workflow activity that runs again after its commit reminds nobody twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mission_deadline_reminders (
      mission_id bigint not null references missions (id) on delete cascade,
      deadline text not null check (deadline in ('DECISION', 'PERFORM', 'PRIZE')),
      before_ms bigint not null check (before_ms > 0),
      due_at timestamptz not null,
      sent_at timestamptz not null,
      primary key (mission_id, deadline, before_ms)
    )`.execute(db);
}
