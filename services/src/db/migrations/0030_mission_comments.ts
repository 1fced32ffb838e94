import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Mission comments: comments with one level of replies, likes and reports, operators' moderation and
// commenting restrictions, and the comment coin event (a committed seed, a per-day budget row, one win per member
// per day).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mission_comments (
      id bigint generated always as identity primary key,
      mission_id bigint not null references missions (id) on delete cascade,
      user_id bigint not null references users (id) on delete cascade,
      parent_id bigint references mission_comments (id),
      content text not null check (char_length(content) between 1 and 200),
      created_at timestamptz not null default now(),
      edited_at timestamptz,
      likes_count integer not null default 0 check (likes_count >= 0),
      reports_count integer not null default 0 check (reports_count >= 0),
      moderation text check (moderation in ('HIDDEN', 'VISIBLE')),
      moderation_reason text,
      moderated_by bigint references users (id) on delete set null,
      moderated_at timestamptz,
      event_id bigint,
      win_point integer not null default 0 check (win_point >= 0)
    )`.execute(db);
  await sql`create index mission_comments_mission on mission_comments (mission_id, parent_id, created_at desc)`.execute(
    db,
  );
  await sql`create index mission_comments_parent on mission_comments (parent_id, created_at) where parent_id is not null`.execute(
    db,
  );
  await sql`create index mission_comments_recent on mission_comments (created_at desc)`.execute(db);
  await sql`create index mission_comments_reported on mission_comments (reports_count desc) where reports_count > 0`.execute(
    db,
  );

  await sql`
    create table mission_comment_likes (
      comment_id bigint not null references mission_comments (id) on delete cascade,
      user_id bigint not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (comment_id, user_id)
    )`.execute(db);

  await sql`
    create table mission_comment_reports (
      comment_id bigint not null references mission_comments (id) on delete cascade,
      user_id bigint not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (comment_id, user_id)
    )`.execute(db);
  await sql`create index mission_comment_reports_user on mission_comment_reports (user_id)`.execute(db);

  // One restriction per member: he may not comment before `until`.
  await sql`
    create table comment_restrictions (
      user_id bigint primary key references users (id) on delete cascade,
      until timestamptz not null,
      reason text not null,
      created_by bigint references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);

  // The comment coin event. `commitment` = sha256(server_seed) is public from the start; the seed after the end.
  await sql`
    create table comment_events (
      id bigint generated always as identity primary key,
      title text not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      win_probability numeric(7, 4) not null check (win_probability between 0 and 100),
      coins_per_win integer not null check (coins_per_win > 0),
      daily_budget integer not null check (daily_budget >= 0),
      server_seed text not null,
      commitment text not null,
      created_at timestamptz not null default now(),
      check (ends_at > starts_at)
    )`.execute(db);
  await sql`create index comment_events_period on comment_events (starts_at, ends_at)`.execute(db);

  // Coins paid per event per Korea-time day: the conditional update of this row is what keeps the budget.
  await sql`
    create table comment_event_days (
      event_id bigint not null references comment_events (id) on delete cascade,
      day date not null,
      paid integer not null default 0 check (paid >= 0),
      primary key (event_id, day)
    )`.execute(db);

  // One win per member per event day; `comment_id` is the ledger idempotency key's subject.
  await sql`
    create table comment_event_wins (
      event_id bigint not null references comment_events (id) on delete cascade,
      user_id bigint not null references users (id) on delete cascade,
      day date not null,
      comment_id bigint not null unique,
      coins integer not null check (coins > 0),
      created_at timestamptz not null default now(),
      primary key (event_id, user_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'comment_event_wins',
    'comment_event_days',
    'comment_events',
    'comment_restrictions',
    'mission_comment_reports',
    'mission_comment_likes',
    'mission_comments',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
