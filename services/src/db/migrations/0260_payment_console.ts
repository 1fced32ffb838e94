import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The console's payments resource (services/src/payments/console.ts):
// - `payment_events`: every change of a payment's status (written by a trigger, whichever path changed it) and every
//   verified provider webhook naming it, so finance sees what happened to a payment in order;
// - indexes for what its list filters and sorts by: the order's time alone or after its status, provider or method,
//   the provider's transaction id, and the member found by username (e-mail is unique already).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payment_events (
      id bigint generated always as identity primary key,
      payment_id text not null references payments (id) on delete cascade,
      kind text not null check (kind in ('STATUS', 'WEBHOOK')),
      status text,
      detail text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index payment_events_payment on payment_events (payment_id, id)`.execute(db);
  await sql`
    create function payment_status_event() returns trigger language plpgsql as $$
    begin
      insert into payment_events (payment_id, kind, status, detail, created_at)
      values (new.id, 'STATUS', new.status, new.failure_reason, coalesce(new.updated_at, now()));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger payments_status_event after update of status on payments
    for each row when (old.status is distinct from new.status) execute function payment_status_event()`.execute(db);
  await sql`create index payments_created on payments (created_at, id)`.execute(db);
  await sql`create index payments_status_created on payments (status, created_at, id)`.execute(db);
  await sql`create index payments_provider_created on payments (provider, created_at, id)`.execute(db);
  await sql`create index payments_method_created on payments (pay_method, created_at, id)`.execute(db);
  await sql`create index payments_provider_payment_id on payments (provider_payment_id)`.execute(db);
  await sql`create index users_username on users (username)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_username`.execute(db);
  for (const index of ['created', 'status_created', 'provider_created', 'method_created', 'provider_payment_id']) {
    await sql.raw(`drop index payments_${index}`).execute(db);
  }
  await sql`drop trigger payments_status_event on payments`.execute(db);
  await sql`drop function payment_status_event()`.execute(db);
  await sql`drop table payment_events`.execute(db);
}
