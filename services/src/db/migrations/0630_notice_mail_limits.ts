import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Mails of notices one member causes another (comments, replies) are limited per sender and per recipient:
// `notice_mails` records each such mail sent (who caused it, who got it, when), `notice_mails_held` counts those held
// back per recipient and kind, told as one grouped mail with the next one sent (services/src/notifications).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notice_mails (
      id bigint generated always as identity primary key,
      recipient_id bigint not null references users (id) on delete cascade,
      sender_id bigint references users (id) on delete set null,
      kind text not null,
      sent_at timestamptz not null
    )`.execute(db);
  await sql`create index notice_mails_recipient on notice_mails (recipient_id, sent_at)`.execute(db);
  await sql`create index notice_mails_sender on notice_mails (sender_id, sent_at) where sender_id is not null`.execute(
    db,
  );
  await sql`
    create table notice_mails_held (
      recipient_id bigint not null references users (id) on delete cascade,
      kind text not null,
      held integer not null check (held > 0),
      since timestamptz not null,
      primary key (recipient_id, kind)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notice_mails_held`.execute(db);
  await sql`drop table notice_mails`.execute(db);
}
