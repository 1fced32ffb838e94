import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Mission products and missions: the core both the product API and the mission workflows build on. Lottery events
// (product type EVENT) keep their schedule in their own table later; an event application is a mission of an EVENT
// product whose applicant details live beside it, so these two tables need no change for them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mission_products (
      id bigint generated always as identity primary key,
      creator_id bigint not null references creators (id),
      type text not null check (type in ('BASIC', 'LUCKY', 'CUSTOM', 'EVENT')),
      name text not null check (char_length(name) between 1 and 200),
      coin_price integer check (coin_price > 0),
      minimum_cost integer check (minimum_cost > 0),
      win_probability numeric(3, 1) check (win_probability between 0.1 and 10),
      always_private boolean not null default false,
      allow_attachments boolean not null default false,
      description text,
      description_picture_file_id bigint references files (id) on delete set null,
      active boolean not null default true,
      sort_order integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint mission_products_priced check (type not in ('BASIC', 'LUCKY') or coin_price is not null),
      constraint mission_products_lucky_probability check ((type = 'LUCKY') = (win_probability is not null)),
      constraint mission_products_custom_minimum check (type <> 'CUSTOM' or minimum_cost is not null)
    )`.execute(db);
  await sql`create index mission_products_creator on mission_products (creator_id, type, sort_order)`.execute(db);

  await sql`
    create table missions (
      id bigint generated always as identity primary key,
      product_id bigint not null references mission_products (id),
      creator_id bigint not null references creators (id),
      user_id bigint not null references users (id),
      type text not null check (type in ('BASIC', 'LUCKY', 'CUSTOM', 'EVENT')),
      status text not null check (status in ('CREATED', 'REQUESTED', 'ACCEPTED', 'COMPLETED', 'REJECTED', 'TRANSCODING')),
      coin_price integer not null check (coin_price >= 0),
      is_private boolean not null default false,
      to_friend boolean not null default false,
      recipient_name text check (char_length(recipient_name) <= 200),
      sender_name text check (char_length(sender_name) <= 30),
      request_comment text check (char_length(request_comment) <= 200),
      request_file_id bigint references files (id) on delete set null,
      feedback text,
      response_comment text check (char_length(response_comment) <= 200),
      video_file_id bigint references files (id) on delete set null,
      picture_file_id bigint references files (id) on delete set null,
      voice_file_id bigint references files (id) on delete set null,
      thumbnail_file_id bigint references files (id) on delete set null,
      media_duration_seconds numeric(10, 3),
      rejection_reason text check (rejection_reason in ('REFUSED', 'DECISION_EXPIRED', 'PERFORM_EXPIRED', 'CANCELED')),
      refunded_coins integer check (refunded_coins >= 0),
      likes_count integer not null default 0 check (likes_count >= 0),
      comments_count integer not null default 0 check (comments_count >= 0),
      created_at timestamptz not null default now(),
      requested_at timestamptz,
      decision_due_at timestamptz,
      accepted_at timestamptz,
      perform_due_at timestamptz,
      completed_at timestamptz,
      rejected_at timestamptz,
      workflow_started_at timestamptz,
      updated_at timestamptz not null default now(),
      constraint missions_rejection_has_reason check ((status = 'REJECTED') = (rejection_reason is not null)),
      constraint missions_completed_at check ((status = 'COMPLETED') = (completed_at is not null))
    )`.execute(db);
  await sql`create index missions_creator_status on missions (creator_id, status, created_at desc)`.execute(db);
  await sql`create index missions_user on missions (user_id, created_at desc)`.execute(db);
  await sql`create index missions_status_completed on missions (status, completed_at desc)`.execute(db);
  await sql`create index missions_product on missions (product_id, status)`.execute(db);
  await sql`create index missions_without_workflow on missions (id) where workflow_started_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('missions').execute();
  await db.schema.dropTable('mission_products').execute();
}
