import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The public missions of one status in a tab's order (newest, or last completed), so that browsing a status tab
// reads its page, its count and a deep page's offset from one index range, index-only, instead of walking every
// public mission for the few of that status (the all-status indexes of migration 0053 stay for the list of all).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index missions_public_status_newest on missions (status, created_at desc nulls last, id desc)
      where not is_private and status <> 'CREATED' and content_blocked_at is null`.execute(db);
  await sql`
    create index missions_public_status_completed on missions (status, completed_at desc nulls last, id desc)
      where not is_private and status <> 'CREATED' and content_blocked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index missions_public_status_newest`.execute(db);
  await sql`drop index missions_public_status_completed`.execute(db);
}
