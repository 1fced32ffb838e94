import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The missions only their parties see (private, blocked by an operator, or not yet requested), by requester and by
// creator, each in a tab's status and completion order: browsing missions as a party merges the public ones (their
// own index) with these, and a busy fan's or creator's part then reads his page from an index range, not every
// mission he ever had.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const party of ['user_id', 'creator_id']) {
    await sql`
      create index ${sql.id(`missions_party_only_${party === 'user_id' ? 'user' : 'creator'}`)}
        on missions (${sql.id(party)}, status, completed_at desc, id desc)
        where is_private or status = 'CREATED' or content_blocked_at is not null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index missions_party_only_user`.execute(db);
  await sql`drop index missions_party_only_creator`.execute(db);
}
