import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A party's own lists count and total their missions from an index alone: "my missions" counts a fan's missions by
// status (the requester's newest-first order is migration 0190's index, so the old (user_id, created_at) index is
// replaced), and a creator's management totals add up the coins of his missions by status (the coin price joins
// his index, read index-only), and so does the product type his tabs and counts filter by.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index missions_user_status on missions (user_id, status)`.execute(db);
  await sql`drop index missions_user`.execute(db);
  await sql`
    create index missions_creator_status_coins on missions (creator_id, status, created_at desc) include (coin_price, type)`.execute(
    db,
  );
  await sql`drop index missions_creator_status`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index missions_creator_status on missions (creator_id, status, created_at desc)`.execute(db);
  await sql`drop index missions_creator_status_coins`.execute(db);
  await sql`create index missions_user on missions (user_id, created_at desc)`.execute(db);
  await sql`drop index missions_user_status`.execute(db);
}
