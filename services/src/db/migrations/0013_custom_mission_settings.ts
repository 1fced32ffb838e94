import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A creator's custom-mission settings (the switch and the minimum price) and his CUSTOM
// product are one thing: at most one CUSTOM product per creator, kept equal to creators.available_custom /
// minimum_cost by the services that write either side.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unique index mission_products_one_custom_per_creator on mission_products (creator_id)
      where type = 'CUSTOM'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index mission_products_one_custom_per_creator`.execute(db);
}
