import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Lottery events: the schedule, status and provably fair draw of each EVENT product, the applicants'
// personal details beside their missions, and every pick and unpick of the draw in order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lottery_events (
      product_id bigint primary key references mission_products (id),
      creator_id bigint not null references creators (id),
      title text not null check (char_length(title) between 1 and 200),
      description text not null check (char_length(description) <= 200),
      draw_number integer not null check (draw_number > 0),
      -- Days in Korea time as 'YYYY-MM-DD' (text compares in calendar order; no time zone can shift them).
      apply_start text not null check (apply_start ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      apply_end text not null check (apply_end ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      event_end text not null check (event_end ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      status text not null check (status in ('CREATED', 'APPLYING', 'DRAWING', 'DRAWN', 'CLOSED', 'CANCELED')),
      server_seed bytea not null check (octet_length(server_seed) = 32),
      commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
      entries bigint[],
      entries_hash text check (entries_hash ~ '^[0-9a-f]{64}$'),
      next_choice integer not null default 0 check (next_choice >= 0),
      drawn_automatically boolean not null default false,
      applying_at timestamptz,
      drawing_at timestamptz,
      drawn_at timestamptz,
      prize_due_at timestamptz,
      closed_at timestamptz,
      canceled_at timestamptz,
      workflow_started_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint lottery_events_dates_in_order check (apply_start <= apply_end and apply_end < event_end),
      constraint lottery_events_entries_frozen check ((entries is null) = (entries_hash is null))
    )`.execute(db);
  // One ongoing event per creator.
  await sql`
    create unique index lottery_events_one_ongoing on lottery_events (creator_id)
      where status in ('CREATED', 'APPLYING', 'DRAWING', 'DRAWN')`.execute(db);
  await sql`
    create index lottery_events_without_workflow on lottery_events (created_at)
      where workflow_started_at is null and status not in ('CLOSED', 'CANCELED')`.execute(db);

  await sql`
    create table event_applications (
      mission_id bigint primary key references missions (id),
      product_id bigint not null references lottery_events (product_id),
      user_id bigint not null references users (id),
      name text not null check (char_length(name) between 1 and 50),
      phone text not null check (phone ~ '^[0-9]{6,20}$'),
      address text check (char_length(address) <= 200),
      address_detail text check (char_length(address_detail) <= 200),
      read_at timestamptz,
      picked boolean not null default false,
      unique (product_id, user_id)
    )`.execute(db);
  await sql`create index event_applications_picked on event_applications (product_id) where picked`.execute(db);

  await sql`
    create table event_draws (
      id bigint generated always as identity primary key,
      product_id bigint not null references lottery_events (product_id),
      seq integer not null check (seq >= 0),
      choice integer check (choice >= 0),
      mission_id bigint not null references missions (id),
      manual boolean not null,
      action text not null check (action in ('PICK', 'UNPICK')),
      created_at timestamptz not null,
      unique (product_id, seq),
      constraint event_draws_random_has_choice check (manual = (choice is null))
    )`.execute(db);

  // A lottery application that was not drawn is REJECTED with NOT_WON.
  await sql`alter table missions drop constraint missions_rejection_reason_check`.execute(db);
  await sql`
    alter table missions add constraint missions_rejection_reason_check
      check (rejection_reason in ('REFUSED', 'DECISION_EXPIRED', 'PERFORM_EXPIRED', 'CANCELED', 'NOT_WON'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table missions drop constraint missions_rejection_reason_check`.execute(db);
  await sql`
    alter table missions add constraint missions_rejection_reason_check
      check (rejection_reason in ('REFUSED', 'DECISION_EXPIRED', 'PERFORM_EXPIRED', 'CANCELED'))`.execute(db);
  await db.schema.dropTable('event_draws').execute();
  await db.schema.dropTable('event_applications').execute();
  await db.schema.dropTable('lottery_events').execute();
}
