import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The operator and finance console: an append-only audit log of every admin write, the reason a login or
// a mission's content was blocked, staff invitations, ledger verify runs kept with their progress and last result,
// and the indexes the dashboard's per-day aggregates read.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table admin_audit_log (
      id bigint generated always as identity primary key,
      actor_id bigint references users (id),
      actor_roles text[] not null default '{}',
      action text not null,
      resource text not null,
      resource_id text,
      before jsonb,
      after jsonb,
      status_code integer not null,
      request_id text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index admin_audit_log_created on admin_audit_log (created_at desc, id desc)`.execute(db);
  await sql`create index admin_audit_log_resource on admin_audit_log (resource, resource_id, id desc)`.execute(db);
  await sql`create index admin_audit_log_actor on admin_audit_log (actor_id, id desc)`.execute(db);
  // Append-only: rows are never changed or removed.
  await sql`
    create function admin_audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'admin_audit_log is append-only';
    end $$`.execute(db);
  await sql`
    create trigger admin_audit_log_no_change before update or delete or truncate on admin_audit_log
      for each statement execute function admin_audit_log_append_only()`.execute(db);

  await sql`alter table users add column login_block_reason text`.execute(db);
  await sql`
    alter table missions
      add column content_blocked_at timestamptz,
      add column content_block_reason text,
      add column content_blocked_by bigint references users (id)`.execute(db);
  await sql`create index missions_content_blocked on missions (content_blocked_at) where content_blocked_at is not null`.execute(
    db,
  );

  await sql`
    create table ledger_verify_runs (
      id bigint generated always as identity primary key,
      status text not null check (status in ('RUNNING', 'DONE', 'FAILED')),
      started_by bigint references users (id),
      started_at timestamptz not null,
      heartbeat_at timestamptz not null,
      finished_at timestamptz,
      done_transactions integer not null default 0,
      total_transactions integer not null default 0,
      ok boolean,
      report jsonb,
      error text
    )`.execute(db);
  // One run at a time.
  await sql`create unique index ledger_verify_runs_one_running on ledger_verify_runs ((true)) where status = 'RUNNING'`.execute(
    db,
  );

  // Dashboard aggregates: per day over a bounded window, read through these indexes.
  await sql`create index coin_deposits_created on coin_deposits (created_at)`.execute(db);
  await sql`create index payments_paid on payments (paid_at) where status = 'paid'`.execute(db);
  await sql`create index missions_requested on missions (requested_at)`.execute(db);
  await sql`create index missions_completed on missions (completed_at) where completed_at is not null`.execute(db);
  await sql`create index missions_rejected on missions (rejected_at, rejection_reason) where rejected_at is not null`.execute(
    db,
  );
  // Coins held in escrow: only the escrows still holding coins (open missions), not every mission's account.
  await sql`
    create index ledger_accounts_open_escrow on ledger_accounts (account) include (balance)
      where kind = 'ESCROW' and balance <> 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_accounts_open_escrow`.execute(db);
  await sql`drop index missions_rejected`.execute(db);
  await sql`drop index missions_completed`.execute(db);
  await sql`drop index missions_requested`.execute(db);
  await sql`drop index payments_paid`.execute(db);
  await sql`drop index coin_deposits_created`.execute(db);
  await sql`drop table ledger_verify_runs`.execute(db);
  await sql`
    alter table missions
      drop column content_blocked_by, drop column content_block_reason, drop column content_blocked_at`.execute(db);
  await sql`alter table users drop column login_block_reason`.execute(db);
  await sql`drop table admin_audit_log`.execute(db);
  await sql`drop function admin_audit_log_append_only`.execute(db);
}
