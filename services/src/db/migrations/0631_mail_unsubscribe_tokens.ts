import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The one-click unsubscribe link of a notification mail (List-Unsubscribe): one random token per member and topic,
// given in every mail of that topic to him; posting it turns his mail of that topic off (services/src/notifications).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mail_unsubscribe_tokens (
      user_id bigint not null references users (id) on delete cascade,
      topic text not null,
      token text not null unique,
      primary key (user_id, topic)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_unsubscribe_tokens`.execute(db);
}
