import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// mission_products.description_video_file_id: a lottery event's description video (optional), shown with its
// description; public like the product's cover.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mission_products
      add column description_video_file_id bigint references files (id) on delete set null`.execute(db);
  await sql`
    create index mission_products_description_video on mission_products (description_video_file_id)
     where description_video_file_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mission_products drop column description_video_file_id`.execute(db);
}
