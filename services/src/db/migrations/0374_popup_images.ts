import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The pictures the console uploaded for popups (POST /api/admin/popups/images). A popup shows one of these only: a
// popup's picture becomes public, so any other file (a fan's private mission picture, a lottery application's image)
// must never be one. The pictures popups already show are recorded as such.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table popup_images (
      file_id bigint primary key references files (id) on delete cascade,
      uploaded_by bigint references users (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    insert into popup_images (file_id)
      select distinct web_image_file_id from popups where web_image_file_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table popup_images`.execute(db);
}
