import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A closed day's dashboard roll-up (dashboard_days, written once the Korea-time day ended over an hour ago) must not
// miss a row stamped into that day after it was written: a mission completed or expired by a workflow whose activity
// ran late (a worker outage past midnight), a deposit credited late. Such a row forgets the day's roll-up, which the
// dashboard writes again at its next read. Only a stamp more than an hour old can fall into a rolled-up day (the
// dashboard waits an hour), so rows written on time never run the trigger's function.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function dashboard_day_forget(stamp timestamptz) returns void language sql as $$
      delete from dashboard_days where day = (stamp at time zone 'Asia/Seoul')::date
    $$`.execute(db);
  await sql`
    create function dashboard_missions_late() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        perform dashboard_day_forget(stamp) from unnest(array[old.requested_at, old.completed_at, old.rejected_at]) stamp
          where stamp < clock_timestamp() - interval '1 hour';
      end if;
      perform dashboard_day_forget(stamp) from unnest(array[new.requested_at, new.completed_at, new.rejected_at]) stamp
        where stamp < clock_timestamp() - interval '1 hour';
      return null;
    end $$`.execute(db);
  await sql`
    create trigger dashboard_missions_late_insert after insert on missions for each row
      when (new.requested_at < clock_timestamp() - interval '1 hour'
        or new.completed_at < clock_timestamp() - interval '1 hour'
        or new.rejected_at < clock_timestamp() - interval '1 hour')
      execute function dashboard_missions_late()`.execute(db);
  await sql`
    create trigger dashboard_missions_late_update after update of requested_at, completed_at, rejected_at on missions
      for each row
      when ((new.requested_at is distinct from old.requested_at
          or new.completed_at is distinct from old.completed_at
          or new.rejected_at is distinct from old.rejected_at)
        and (least(new.requested_at, new.completed_at, new.rejected_at,
                   old.requested_at, old.completed_at, old.rejected_at) < clock_timestamp() - interval '1 hour'))
      execute function dashboard_missions_late()`.execute(db);
  await sql`
    create function dashboard_deposits_late() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.created_at < clock_timestamp() - interval '1 hour' then
        perform dashboard_day_forget(old.created_at);
      end if;
      if new.created_at < clock_timestamp() - interval '1 hour' then
        perform dashboard_day_forget(new.created_at);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger dashboard_deposits_late_insert after insert on coin_deposits for each row
      when (new.created_at < clock_timestamp() - interval '1 hour')
      execute function dashboard_deposits_late()`.execute(db);
  await sql`
    create trigger dashboard_deposits_late_update after update of created_at on coin_deposits for each row
      when (new.created_at is distinct from old.created_at
        and least(new.created_at, old.created_at) < clock_timestamp() - interval '1 hour')
      execute function dashboard_deposits_late()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger dashboard_deposits_late_update on coin_deposits`.execute(db);
  await sql`drop trigger dashboard_deposits_late_insert on coin_deposits`.execute(db);
  await sql`drop function dashboard_deposits_late()`.execute(db);
  await sql`drop trigger dashboard_missions_late_update on missions`.execute(db);
  await sql`drop trigger dashboard_missions_late_insert on missions`.execute(db);
  await sql`drop function dashboard_missions_late()`.execute(db);
  await sql`drop function dashboard_day_forget(timestamptz)`.execute(db);
}
