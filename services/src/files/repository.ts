import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db';
import type { DeletedFilesTable, FileRow, NewFile } from './table';

export async function insertFile(db: DbExecutor, file: NewFile): Promise<FileRow> {
  return db.insertInto('files').values(file).returningAll().executeTakeFirstOrThrow();
}

export async function findFileById(db: DbExecutor, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The files with these ids (nulls and repeats ignored), by id. */
export async function findFiles(db: DbExecutor, ids: readonly (number | null)[]): Promise<Map<number, FileRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('files').selectAll().where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Deletes the file row if that user uploaded it; undefined when it does not exist or belongs to someone else. */
export async function deleteOwnedFile(db: DbExecutor, id: number, ownerUserId: number): Promise<FileRow | undefined> {
  return db
    .deleteFrom('files')
    .where('id', '=', id)
    .where('owner_user_id', '=', ownerUserId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteFileById(db: DbExecutor, id: number): Promise<FileRow | undefined> {
  return db.deleteFrom('files').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Keeps a deleted file's stored objects until `purgeAfter`. */
export async function retainDeletedFile(db: DbExecutor, file: FileRow, now: Date, purgeAfter: Date): Promise<void> {
  await db
    .insertInto('deleted_files')
    .values({
      id: file.id,
      owner_user_id: file.owner_user_id,
      storage_key: file.storage_key,
      thumbnail_key: file.thumbnail_key,
      original_key: file.original_key,
      small_video_key: file.small_video_key,
      filename: file.filename,
      content_type: file.content_type,
      kind: file.kind,
      size_bytes: file.size_bytes,
      created_at: file.created_at,
      deleted_at: now,
      purge_after: purgeAfter,
    })
    .execute();
}

export async function findDeletedFilesDue(
  db: DbExecutor,
  now: Date,
  limit: number,
): Promise<Selectable<DeletedFilesTable>[]> {
  return db
    .selectFrom('deleted_files')
    .selectAll()
    .where('purge_after', '<=', now)
    .orderBy('purge_after')
    .limit(limit)
    .execute();
}

export async function forgetDeletedFile(db: DbExecutor, id: number): Promise<void> {
  await db.deleteFrom('deleted_files').where('id', '=', id).execute();
}
