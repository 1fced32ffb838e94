import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Reviews of completed missions (one per mission, by its requester, with the creator's one reply), members' helpful
// votes and reports, and one summary row per creator (count, sum, per-star counts) kept in the same transaction as
// every change of what it counts, so the creator page reads its summary in one row. The list's two orders (newest,
// most helpful) each read an index of the creator's reviews in that order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mission_reviews (
      id bigint generated always as identity primary key,
      mission_id bigint not null unique references missions (id) on delete cascade,
      creator_id bigint not null references creators (id) on delete cascade,
      user_id bigint not null references users (id) on delete cascade,
      rating smallint not null check (rating between 1 and 5),
      content text not null default '' check (char_length(content) <= 1000),
      created_at timestamptz not null default now(),
      edited_at timestamptz,
      reply text check (char_length(reply) between 1 and 1000),
      reply_at timestamptz,
      reply_edited_at timestamptz,
      helpful_count integer not null default 0 check (helpful_count >= 0),
      reports_count integer not null default 0 check (reports_count >= 0),
      reports_open_since timestamptz,
      moderation text check (moderation in ('HIDDEN', 'VISIBLE')),
      moderation_reason text,
      moderated_by bigint references users (id) on delete set null,
      moderated_at timestamptz
    )`.execute(db);
  await sql`create index mission_reviews_creator_newest on mission_reviews (creator_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index mission_reviews_creator_helpful on mission_reviews (creator_id, helpful_count desc, id desc)`.execute(
    db,
  );
  await sql`create index mission_reviews_user on mission_reviews (user_id, creator_id)`.execute(db);
  await sql`create index mission_reviews_reports_open on mission_reviews (reports_open_since) where reports_open_since is not null`.execute(
    db,
  );
  // Blocked accounts are few: the creator page subtracts their reviews from the summary through this index.
  await sql`create index users_login_blocked on users (id) where login_blocked_at is not null`.execute(db);

  await sql`
    create table mission_review_votes (
      review_id bigint not null references mission_reviews (id) on delete cascade,
      user_id bigint not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (review_id, user_id)
    )`.execute(db);

  await sql`
    create table mission_review_reports (
      id bigint generated always as identity primary key,
      review_id bigint not null references mission_reviews (id) on delete cascade,
      user_id bigint not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      reason text not null check (reason in ('SPAM', 'ABUSE', 'SEXUAL', 'PRIVACY', 'OTHER')),
      detail text,
      outcome text check (outcome in ('UPHELD', 'DISMISSED')),
      decided_at timestamptz,
      decided_by bigint references users (id) on delete set null,
      unique (review_id, user_id)
    )`.execute(db);

  await sql`
    create table creator_review_summaries (
      creator_id bigint primary key references creators (id) on delete cascade,
      reviews_count integer not null default 0 check (reviews_count >= 0),
      rating_sum integer not null default 0 check (rating_sum >= 0),
      stars_1 integer not null default 0 check (stars_1 >= 0),
      stars_2 integer not null default 0 check (stars_2 >= 0),
      stars_3 integer not null default 0 check (stars_3 >= 0),
      stars_4 integer not null default 0 check (stars_4 >= 0),
      stars_5 integer not null default 0 check (stars_5 >= 0)
    )`.execute(db);

  // The day-after reminder to review a completed mission: one row once it is sent, so it is sent once.
  await sql`
    create table mission_review_reminders (
      mission_id bigint primary key references missions (id) on delete cascade,
      sent_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mission_review_reminders`.execute(db);
  await sql`drop table creator_review_summaries`.execute(db);
  await sql`drop table mission_review_reports`.execute(db);
  await sql`drop table mission_review_votes`.execute(db);
  await sql`drop index users_login_blocked`.execute(db);
  await sql`drop table mission_reviews`.execute(db);
}
