import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A tag's English and Japanese names (tags.name_en, tags.name_ja), written by the operators beside its Korean name;
// null where none is written, and a reader of that language is shown the Korean name.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tags add column name_en text, add column name_ja text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tags drop column name_en, drop column name_ja`.execute(db);
}
