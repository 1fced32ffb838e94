import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A bank deposit request keeps the coins of the item as it was requested, as a card order does: finance's later
// confirmation credits them, whatever the catalogue says by then. Requests made before this column are given their
// item's coins of today (the best record there is).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bank_transfers add column point integer`.execute(db);
  await sql`update bank_transfers t set point = i.point from coin_items i where i.id = t.coin_item_id`.execute(db);
  await sql`alter table bank_transfers alter column point set not null`.execute(db);
  await sql`alter table bank_transfers add constraint bank_transfers_point_positive check (point > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bank_transfers drop column point`.execute(db);
}
