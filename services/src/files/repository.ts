import type { DbExecutor } from '../db';
import type { FileRow, NewFile } from './table';

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
