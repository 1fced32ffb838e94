import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Notices one member causes another (comments, replies) are grouped in the app: a row stands for `group_count` notices
// of one kind ("3 new replies"), `grouped_event_ids` the events of those it took in (an event applied again is not
// counted twice). Their per-sender limit counts a sender's rows of the last hour (the index below).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table notifications
      add column group_count integer not null default 1 check (group_count > 0),
      add column grouped_event_ids uuid[] not null default '{}'`.execute(db);
  await sql`
    create index notifications_member_notices_actor on notifications (actor_user_id, created_at)
    where kind in ('MISSION_COMMENTED', 'COMMENT_REPLIED')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_member_notices_actor`.execute(db);
  await sql`alter table notifications drop column group_count, drop column grouped_event_ids`.execute(db);
}
