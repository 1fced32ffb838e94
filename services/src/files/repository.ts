import type { DbExecutor } from '../db/transaction';
import type { FileRow, NewFile } from './table';

export async function insertFile(db: DbExecutor, file: NewFile): Promise<FileRow> {
  return db.insertInto('files').values(file).returningAll().executeTakeFirstOrThrow();
}

export async function findFileById(db: DbExecutor, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
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
