import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Creator reliability: over the last 90 days, the missions due (performed, or expired at their decision or
// perform deadline), those performed within the deadline and the median time to perform, maintained per creator
// (refreshed when a mission of his ends, and for everybody as the window slides) so the "recommended" search sort
// reads one index in order instead of aggregating missions per request.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table creator_reliability (
      creator_id bigint primary key references creators (id) on delete cascade,
      due_count integer not null default 0 check (due_count >= 0),
      on_time_count integer not null default 0 check (on_time_count >= 0 and on_time_count <= due_count),
      median_perform_seconds integer check (median_perform_seconds >= 0),
      -- on_time² / due: the on-time missions weighted by the on-time rate; the recommended sort's key.
      score float8 not null default 0,
      refreshed_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into creator_reliability (creator_id) select id from creators`.execute(db);
  await sql`
    create function creators_add_reliability() returns trigger language plpgsql as $$
    begin
      insert into creator_reliability (creator_id) values (new.id) on conflict do nothing;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger creators_add_reliability after insert on creators
    for each row execute function creators_add_reliability()`.execute(db);
  await sql`create index creator_reliability_recommended on creator_reliability (score desc, creator_id desc)`.execute(
    db,
  );
  // The refresh of one creator reads only his missions that ended in the window.
  await sql`
    create index missions_creator_completed on missions (creator_id, completed_at)
    where status = 'COMPLETED'`.execute(db);
  await sql`
    create index missions_creator_expired on missions (creator_id, rejected_at)
    where rejection_reason in ('DECISION_EXPIRED', 'PERFORM_EXPIRED')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index missions_creator_expired`.execute(db);
  await sql`drop index missions_creator_completed`.execute(db);
  await sql`drop trigger creators_add_reliability on creators`.execute(db);
  await sql`drop function creators_add_reliability()`.execute(db);
  await sql`drop table creator_reliability`.execute(db);
}
