import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// How much work a creator takes: a pause of new requests (until a return day in Korea time, with a message his page
// shows) and caps on his open requests, overall here and per product on `mission_products`. A request past a cap
// locks the creator's row here, so requests of a capped creator count his open missions one at a time.
// Two partial indexes make his typical response times (medians of the last 90 days) index-only reads.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table creator_capacity (
      creator_id bigint primary key references creators (id) on delete cascade,
      paused boolean not null default false,
      return_on date,
      pause_message text check (char_length(pause_message) between 1 and 80),
      max_open_requests integer check (max_open_requests between 1 and 1000),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    alter table mission_products
      add column max_open_requests integer check (max_open_requests between 1 and 1000)`.execute(db);
  await sql`
    create index missions_creator_accept_times on missions (creator_id, accepted_at) include (requested_at)
      where type = 'CUSTOM' and accepted_at is not null and requested_at is not null`.execute(db);
  await sql`
    create index missions_creator_perform_times on missions (creator_id, completed_at) include (accepted_at)
      where completed_at is not null and accepted_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index missions_creator_perform_times`.execute(db);
  await sql`drop index missions_creator_accept_times`.execute(db);
  await sql`alter table mission_products drop column max_open_requests`.execute(db);
  await sql`drop table creator_capacity`.execute(db);
}
