import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Mission likes and blocks, and two guards on mission products: a product's description (the BASIC
// description or the LUCKY perform item) is at most 200 characters, and a cover in use cannot be deleted out from
// under its product (deleting the file answers 409 instead of silently leaving the product without a cover; NO ACTION
// rather than RESTRICT, as the files module recognises the foreign-key violation it raises).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mission_likes (
      mission_id bigint not null references missions (id) on delete cascade,
      user_id bigint not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (mission_id, user_id)
    )`.execute(db);
  await sql`create index mission_likes_user on mission_likes (user_id, created_at desc)`.execute(db);

  // A member hiding a mission from his own lists.
  await sql`
    create table mission_blocks (
      mission_id bigint not null references missions (id) on delete cascade,
      user_id bigint not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (mission_id, user_id)
    )`.execute(db);
  await sql`create index mission_blocks_user on mission_blocks (user_id, mission_id)`.execute(db);

  await sql`
    alter table mission_products
      add constraint mission_products_description_length check (char_length(description) <= 200),
      drop constraint mission_products_description_picture_file_id_fkey,
      add constraint mission_products_description_picture_file_id_fkey
        foreign key (description_picture_file_id) references files (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mission_products
      drop constraint mission_products_description_length,
      drop constraint mission_products_description_picture_file_id_fkey,
      add constraint mission_products_description_picture_file_id_fkey
        foreign key (description_picture_file_id) references files (id) on delete set null`.execute(db);
  await db.schema.dropTable('mission_blocks').execute();
  await db.schema.dropTable('mission_likes').execute();
}
