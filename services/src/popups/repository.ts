import { sql } from 'kysely';
import { idsOfFilter, selectListWindow, type ListWindow } from '../admin';
import type { DbExecutor } from '../db';
import type { NewPopup, PopupRow } from './table';

/** The popup to show now: active and within its period; the latest to start wins. */
export async function currentPopup(db: DbExecutor, now: Date): Promise<PopupRow | undefined> {
  return db
    .selectFrom('popups')
    .selectAll()
    .where('active', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy(sql`starts_at desc nulls last`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type PopupSortField = 'id' | 'createdAt' | 'startsAt';
const SORT_COLUMNS = { id: 'id', createdAt: 'created_at', startsAt: 'starts_at' } as const;

export async function listPopups(
  db: DbExecutor,
  query: {
    filter: { id?: number | number[] | undefined; active?: boolean | undefined };
    sort: [PopupSortField, 'ASC' | 'DESC'];
    window: ListWindow;
  },
): Promise<{ rows: PopupRow[]; total: number }> {
  let base = db.selectFrom('popups');
  const { id, active } = query.filter;
  if (id !== undefined) base = base.where('id', 'in', idsOfFilter(id));
  if (active !== undefined) base = base.where('active', '=', active);
  return selectListWindow(
    base.selectAll(),
    { column: SORT_COLUMNS[query.sort[0]], direction: query.sort[1] },
    query.window,
  );
}

export async function findPopup(db: DbExecutor, id: number): Promise<PopupRow | undefined> {
  return db.selectFrom('popups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPopup(db: DbExecutor, popup: NewPopup): Promise<PopupRow> {
  return db.insertInto('popups').values(popup).returningAll().executeTakeFirstOrThrow();
}

export async function updatePopup(db: DbExecutor, id: number, popup: NewPopup): Promise<PopupRow | undefined> {
  return db
    .updateTable('popups')
    .set({ ...popup, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePopup(db: DbExecutor, id: number): Promise<PopupRow | undefined> {
  return db.deleteFrom('popups').where('id', '=', id).returningAll().executeTakeFirst();
}

/** An image the console uploaded for popups, by its file id. */
export async function imageFile(db: DbExecutor, id: number) {
  return db
    .selectFrom('files')
    .innerJoin('popup_images', 'popup_images.file_id', 'files.id')
    .selectAll('files')
    .where('files.id', '=', id)
    .where('files.kind', '=', 'image')
    .executeTakeFirst();
}

/** Records a file the console uploaded as a popup picture. */
export async function recordPopupImage(db: DbExecutor, fileId: number, uploadedBy: number): Promise<void> {
  await db.insertInto('popup_images').values({ file_id: fileId, uploaded_by: uploadedBy }).execute();
}
