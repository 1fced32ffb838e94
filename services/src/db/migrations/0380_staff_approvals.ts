import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Staff approvals (services/src/approvals): one request per guarded staff action, with its maker, the frozen
// parameters, the hash of those and of the target's state when made (a later change voids it), a reason, an expiry and
// its decision; its history is append-only. Users remember who last gave them a staff role and when, so that an
// account the maker made staff cannot approve his requests in its first days.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_approval_requests (
      id bigint generated always as identity primary key,
      kind text not null,
      required_role text not null,
      params jsonb not null,
      frozen_hash text not null,
      summary text not null,
      reason text not null,
      maker_id bigint not null references users (id),
      idempotency_key text,
      status text not null default 'PENDING'
        check (status in ('PENDING', 'EXECUTED', 'REFUSED', 'VOIDED', 'EXPIRED')),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      decided_by bigint references users (id),
      decided_at timestamptz,
      decision_note text,
      result jsonb,
      unique (maker_id, kind, idempotency_key)
    )`.execute(db);
  await sql`create index staff_approval_requests_pending on staff_approval_requests (id) where status = 'PENDING'`.execute(
    db,
  );
  await sql`create index staff_approval_requests_maker on staff_approval_requests (maker_id, id)`.execute(db);
  await sql`
    create table staff_approval_steps (
      id bigint generated always as identity primary key,
      request_id bigint not null references staff_approval_requests (id),
      step text not null,
      actor_id bigint references users (id),
      note text,
      at timestamptz not null
    )`.execute(db);
  await sql`create index staff_approval_steps_request on staff_approval_steps (request_id, id)`.execute(db);
  await sql`
    create function staff_approval_steps_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'staff_approval_steps is append-only';
    end $$`.execute(db);
  await sql`
    create trigger staff_approval_steps_append_only before update or delete on staff_approval_steps
    for each row execute function staff_approval_steps_append_only()`.execute(db);
  await sql`alter table users add column staff_granted_by bigint references users (id)`.execute(db);
  await sql`alter table users add column staff_granted_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column staff_granted_at`.execute(db);
  await sql`alter table users drop column staff_granted_by`.execute(db);
  await sql`drop table staff_approval_steps`.execute(db);
  await sql`drop function staff_approval_steps_append_only`.execute(db);
  await sql`drop table staff_approval_requests`.execute(db);
}
