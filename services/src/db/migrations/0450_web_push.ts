import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Web push (services/src/push):
// - push_subscriptions: one row per browser (its endpoint is unique); a browser subscribed again by another member
//   moves to him. The keys encrypt each message for that browser (RFC 8291).
// - notification_preferences: a member's choices of channels per notification topic, only where he changed the
//   default (every topic on, promotions off).
// - marketing_consents: when a member consented to promotions, and to promotions at night (21:00-08:00 Korea time).
// - push_deliveries: one message of one notification to one browser, written in the notification's transaction;
//   the sender claims due rows with `for update skip locked`, sends, and marks them sent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_subscriptions (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      expires_at timestamptz,
      created_at timestamptz not null,
      refreshed_at timestamptz not null
    )`.execute(db);
  await sql`create index push_subscriptions_user on push_subscriptions (user_id, refreshed_at)`.execute(db);
  await sql`
    create table notification_preferences (
      user_id bigint not null references users (id) on delete cascade,
      topic text not null,
      push boolean not null,
      mail boolean not null,
      updated_at timestamptz not null,
      primary key (user_id, topic)
    )`.execute(db);
  await sql`
    create table marketing_consents (
      user_id bigint primary key references users (id) on delete cascade,
      consented_at timestamptz,
      night_consented_at timestamptz,
      updated_at timestamptz not null,
      check (night_consented_at is null or consented_at is not null)
    )`.execute(db);
  await sql`
    create table push_deliveries (
      id bigint generated always as identity primary key,
      notification_id bigint not null references notifications (id) on delete cascade,
      subscription_id bigint not null references push_subscriptions (id) on delete cascade,
      status text not null default 'PENDING' check (status in ('PENDING', 'SENT', 'FAILED')),
      attempts integer not null default 0,
      due_at timestamptz not null,
      locked_until timestamptz,
      sent_at timestamptz,
      last_error text,
      created_at timestamptz not null,
      unique (notification_id, subscription_id)
    )`.execute(db);
  await sql`create index push_deliveries_due on push_deliveries (due_at, id) where status = 'PENDING'`.execute(db);
  await sql`create index push_deliveries_subscription on push_deliveries (subscription_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table push_deliveries`.execute(db);
  await sql`drop table marketing_consents`.execute(db);
  await sql`drop table notification_preferences`.execute(db);
  await sql`drop table push_subscriptions`.execute(db);
}
