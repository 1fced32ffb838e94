import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// `/files/<key>` serves a key without a signature only when the file is in public use; that
// check looks the key up as a file's original (already unique) or as its thumbnail, which needs this index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index files_thumbnail_key on files (thumbnail_key) where thumbnail_key is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index files_thumbnail_key`.execute(db);
}
