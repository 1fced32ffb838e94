import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Every change of a creator's payout account, append-only like admin_audit_log: who (and with which roles), when, from
// where, what it was and what it became, with the full numbers finance needs to trace a payout. A statement issued
// within 72 hours after a change of the account it pays is held (payout_held, with the change that held it) until
// finance releases it; the database refuses approving or paying it before, and fixes the hold at issue and its
// release once given. The status stays ISSUED meanwhile, so settlement_month_totals (migration 0170) still counts it
// as owed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payout_account_changes (
      id bigint generated always as identity primary key,
      creator_id bigint not null references creators (id),
      actor_id bigint not null references users (id),
      actor_roles text[] not null,
      reason text check (char_length(reason) between 1 and 200),
      from_bank_name text,
      from_bank_account_holder text,
      from_bank_account_number text,
      from_payout_overseas boolean not null,
      from_payout_foreigner boolean not null,
      to_bank_name text not null,
      to_bank_account_holder text not null,
      to_bank_account_number text not null,
      to_payout_overseas boolean not null,
      to_payout_foreigner boolean not null,
      destination_changed boolean not null,
      request_ip text,
      request_id text not null,
      changed_at timestamptz not null
    )`.execute(db);
  await sql`create index payout_account_changes_creator on payout_account_changes (creator_id, changed_at desc, id desc)`.execute(
    db,
  );
  await sql`
    create function payout_account_changes_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'payout_account_changes is append-only';
    end $$`.execute(db);
  await sql`
    create trigger payout_account_changes_no_change before update or delete or truncate on payout_account_changes
      for each statement execute function payout_account_changes_append_only()`.execute(db);

  await sql`
    alter table settlement_statements
      add column payout_held boolean not null default false,
      add column hold_account_change_id bigint references payout_account_changes (id),
      add column hold_released_at timestamptz,
      add column hold_released_by_user_id bigint references users (id),
      add column hold_release_note text check (char_length(hold_release_note) between 1 and 200),
      add constraint settlement_statements_hold check (
        payout_held = (hold_account_change_id is not null)
        and (hold_released_at is null or payout_held)
        and (hold_released_at is null) = (hold_released_by_user_id is null)
        and (hold_released_at is null) = (hold_release_note is null)),
      add constraint settlement_statements_held_unpaid check (
        not payout_held or hold_released_at is not null or status in ('ISSUED', 'CARRIED_OVER'))`.execute(db);
  await sql`
    create function settlement_statements_hold_fixed() returns trigger language plpgsql as $$
    begin
      if (new.payout_held, new.hold_account_change_id) is distinct from (old.payout_held, old.hold_account_change_id)
         or (old.hold_released_at is not null
             and (new.hold_released_at, new.hold_released_by_user_id, new.hold_release_note)
                 is distinct from (old.hold_released_at, old.hold_released_by_user_id, old.hold_release_note)) then
        raise exception 'the payout hold of settlement statement % is fixed', old.id using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger settlement_statements_hold_fixed before update on settlement_statements
      for each row execute function settlement_statements_hold_fixed()`.execute(db);
  // The console's "held" filter.
  await sql`create index settlement_statements_held on settlement_statements (id) where payout_held and hold_released_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index settlement_statements_held`.execute(db);
  await sql`drop trigger settlement_statements_hold_fixed on settlement_statements`.execute(db);
  await sql`drop function settlement_statements_hold_fixed()`.execute(db);
  await sql`
    alter table settlement_statements
      drop constraint settlement_statements_held_unpaid,
      drop constraint settlement_statements_hold,
      drop column hold_release_note,
      drop column hold_released_by_user_id,
      drop column hold_released_at,
      drop column hold_account_change_id,
      drop column payout_held`.execute(db);
  await sql`drop table payout_account_changes`.execute(db);
  await sql`drop function payout_account_changes_append_only()`.execute(db);
}
